import { describe, expect, it } from 'vitest';
import { HostSlots } from './host-slots.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('HostSlots', () => {
  it('never runs more than the limit per host at once, and other hosts do not wait', async () => {
    const slots = new HostSlots(2);
    let now = 0;
    let most = 0;
    const task = async () => {
      now++;
      most = Math.max(most, now);
      await tick();
      now--;
    };
    const runs = Array.from({ length: 9 }, (_, i) => slots.run(`http://SHOP.test/${i}.jpg`, task));
    let otherRanWhileBusy = false;
    const other = slots.run('http://other.test/a.jpg', async () => {
      otherRanWhileBusy = slots.inFlight('shop.test') === 2;
    });
    await Promise.all([...runs, other]);
    expect(most).toBe(2);
    expect(otherRanWhileBusy).toBe(true);
    expect(slots.inFlight('shop.test')).toBe(0);
  });

  it('frees the slot when a task throws', async () => {
    const slots = new HostSlots(1);
    await expect(
      slots.run('http://shop.test/x', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await slots.run('http://shop.test/y', async () => 'ran')).toBe('ran');
  });
});
