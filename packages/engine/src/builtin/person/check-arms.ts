import type { BodyPose } from './body-pose.ts';
import { checkPose } from './check-pose.ts';
import type { Mask } from './mask.ts';
import type { PersonReads } from './person-reads.ts';
import { type Side, sameArm, strayArms } from './stray-arms.ts';

/**
 * The person's silhouette, with the pose's arms checked against it. An arm whose bones disagree with the
 * silhouette (BlazePose squeezed a body the photo cuts off into its frame, and read a blazer's sleeve as
 * its chest) sends for the pass on the photo zoomed out, which is taken when its own arms agree and it can
 * be dressed. Otherwise an arm that disagrees is `untrusted` unless the zoomed-out pass places it alike.
 */
export async function checkArms(
  person: PersonReads,
  found: BodyPose,
  needs: 'upper' | 'dress' | 'lower',
): Promise<{ pose: BodyPose; silhouette: Mask; untrusted: Side[] }> {
  const silhouette = await person.silhouette(found);
  const stray = strayArms(found, silhouette);
  if (stray.length === 0) return { pose: found, silhouette, untrusted: [] };
  const zoomed = await person.zoomedOut();
  if (!zoomed) return { pose: found, silhouette, untrusted: stray };
  if (strayArms(zoomed, silhouette).length === 0 && checkPose(zoomed, needs, person.photo) === null) {
    const again = await person.silhouette(zoomed);
    return { pose: zoomed, silhouette: again, untrusted: strayArms(zoomed, again) };
  }
  return { pose: found, silhouette, untrusted: stray.filter((side) => !sameArm(found, zoomed, side)) };
}
