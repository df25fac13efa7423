import { describe, expect, it } from 'vitest';
import { cameraSupported } from './camera-supported.ts';

const withCamera = {
  mediaDevices: { getUserMedia: () => Promise.reject(new Error('unused')) },
} as unknown as Navigator;
const policyDoc = (allowed: boolean) =>
  ({
    featurePolicy: { allowsFeature: (feature: string) => feature === 'camera' && allowed },
  }) as unknown as Document;

describe('cameraSupported', () => {
  it('offers the camera where the page may use it', () => {
    expect(cameraSupported(policyDoc(true), withCamera)).toBe(true);
  });

  it('does not offer it in a frame without allow="camera", where every request would be refused', () => {
    expect(cameraSupported(policyDoc(false), withCamera)).toBe(false);
  });

  it('does not offer it on an insecure page (no mediaDevices)', () => {
    expect(cameraSupported(policyDoc(true), {} as Navigator)).toBe(false);
  });

  it('offers it where the browser does not tell the frame policy', () => {
    expect(cameraSupported({} as Document, withCamera)).toBe(true);
  });
});
