import { armsInFront, sleevedForearmAcross } from './compose/arms-in-front.ts';
import { cleanUp } from './compose/clean-up.ts';
import { composite } from './compose/composite.ts';
import { drapeFolds } from './compose/drape-folds.ts';
import { drapeOutline, hangingArms } from './compose/drape-outline.ts';
import { shadeEdges } from './compose/edge-shading.ts';
import { garmentCanvas } from './compose/garment-canvas.ts';
import { skinGrain } from './compose/grain.ts';
import { hairMask } from './compose/hair-mask.ts';
import { roundShoulders, shoulderCorners } from './compose/round-shoulders.ts';
import { shadeGarment } from './compose/shade-garment.ts';
import { looksLikeSkin, skinLikeness, skinTone } from './compose/skin-tone.ts';
import { softShadows } from './compose/soft-shadows.ts';
import { tuckUnder } from './compose/tuck-under.ts';
import { bodyFrame } from './fit/body-frame.ts';
import { fitLower } from './fit/fit-lower.ts';
import { fitUpper, LONG_SLEEVED } from './fit/fit-upper.ts';
import { sleevelessArms } from './fit/fitted-garment.ts';
import { analyseGarment } from './garment/analyse-garment.ts';
import { type GarmentKind, isLowerBody } from './garment/garment.ts';
import { GarmentCache } from './garment/garment-cache.ts';
import { mid } from './geometry/point.ts';
import { decodeRgb, encodeResult } from './image/raster.ts';
import { bodyParts, withUnseenForearms } from './person/body-parts.ts';
import type { BodyPose } from './person/body-pose.ts';
import { checkArms } from './person/check-arms.ts';
import { checkPose } from './person/check-pose.ts';
import { clipBox, type Mask } from './person/mask.ts';
import { headAbove, personPresent, thighsEmpty } from './person/person-present.ts';
import { type PersonReads, SeenPhotos } from './person/person-reads.ts';
import { withoutArms } from './person/stray-arms.ts';
import { topHem } from './person/top-hem.ts';
import type { Models } from './worker/load-models.ts';
import { type Rendered, RenderRefusal } from './worker/render-refusal.ts';

/** Person photos are dressed at this size at most (longer side): enough detail, bounded work. */
const PERSON_SIDE = 1024;
/** Garment photos are analysed at this size at most. */
const GARMENT_SIDE = 900;
/** This worker's garments seen last (each worker thread has its own module and so its own cache). */
const garments = new GarmentCache();
/** And its person photos seen last, with what the models read of them. */
const people = new SeenPhotos();

const NO_PERSON = 'No person was found in the photo.';
/** A skirt or trousers of which less than this share shows below the person's top is refused. */
const MIN_SEEN = 0.35;
/** A pixel at least this like the person's skin is skin, not clothes, when reading where the top ends. */
const SKIN_LIKENESS = 0.3;

/**
 * The try-on pipeline: understand the person (pose, silhouette, body parts) and the garment (cut-out, kind,
 * landmarks, parts), refuse what cannot be dressed well, fit the garment's parts to the body, then compose:
 * what stays in front (head, hair, forearms, hands), the photo's light and soft shadows on the garment,
 * old clothes cleaned where the new garment leaves skin, and the garment laid on the photo.
 */
export async function renderTryOn(
  models: Models,
  input: { person: Uint8Array; garment: Uint8Array; category?: string },
  checkpoint: () => void,
): Promise<Rendered> {
  const person = await people.reads(models, input.person, () => decodeRgb(input.person, PERSON_SIDE));
  const { photo } = person;
  checkpoint();
  const garment = await garments.get(input.garment, input.category, async () =>
    analyseGarment(models.cv, await decodeRgb(input.garment, GARMENT_SIDE), { category: input.category }),
  );
  checkpoint();
  const found = await person.pose();
  if (!found) throw new RenderRefusal('NO_PERSON', NO_PERSON);
  const refusal = checkPose(found, coverage(garment.kind), photo);
  if (refusal) {
    // A garment laid flat has a pose too (often mirrored): no person, rather than a back view. Asked only
    // here, before naming a refusal, a head above the neck: a long sleeve laid flat fills a chest and a neck.
    if (refusal.code !== 'NO_PERSON') {
      const seen = await person.silhouette(found);
      if (!headAbove(seen, found) || !(await isPerson(person, found, seen))) {
        throw new RenderRefusal('NO_PERSON', NO_PERSON);
      }
    }
    throw new RenderRefusal(refusal.code, refusal.message);
  }
  const { pose, silhouette, untrusted } = await checkArms(person, found, coverage(garment.kind));
  if (!(await isPerson(person, pose, silhouette))) throw new RenderRefusal('NO_PERSON', NO_PERSON);
  checkpoint();
  // What follows an arm (a sleeve, the paint of a bare arm, a forearm kept in front) follows a trusted one.
  const arms = withoutArms(pose, untrusted);
  // What is worked out of the person alone is kept for the shopper's next garment on the same photo.
  const parts = person.derived('parts', [pose, silhouette], () => bodyParts(pose, silhouette));
  const frame = bodyFrame(pose, parts);
  const tone = person.derived('tone', [pose], () => skinTone(photo, pose));
  // A forearm in a sleeve held across the body would be painted bare over the new garment: refused.
  if (
    !isLowerBody(garment.kind) &&
    !LONG_SLEEVED.has(garment.kind) &&
    sleevedForearmAcross(photo, arms, parts, frame, tone)
  ) {
    throw new RenderRefusal(
      'PERSON_ARMS_CROSSED',
      'An arm in a sleeve lies across the body, where this garment would bare it.',
    );
  }
  const fitted = isLowerBody(garment.kind)
    ? fitLower(garment, pose, frame, photo)
    : fitUpper(garment, withUnseenForearms(arms, parts), frame, photo);
  if (!fitted) throw new RenderRefusal('NO_GARMENT', 'The garment could not be fitted to the person.');
  checkpoint();
  const hair = person.derived('hair', [pose, parts], () => hairMask(photo, pose, parts, tone));
  const inFront = armsInFront(photo, arms, parts, tone, sleevelessArms(fitted));
  const canvas = garmentCanvas(fitted, parts, hair.front, inFront);
  // A top or a dress hangs on the body down to the hips, not in the air beside it.
  if (!isLowerBody(garment.kind)) {
    const hanging = hangingArms(arms, frame);
    drapeOutline(models.cv, canvas, silhouette, frame, frame.torsoLength, fitted.shoulders, hanging);
    // The corner where a sleeve drops from the shoulder line, rounded as cloth goes round a shoulder.
    roundShoulders(models.cv, canvas, shoulderCorners(fitted, arms, frame, hanging), hair.front, frame.span);
  }
  if (isLowerBody(garment.kind)) {
    // A top that hangs over the hips (a blazer, a long shirt) stays in front of a skirt or trousers.
    const isSkin = (r: number, g: number, b: number): boolean =>
      tone !== null && skinLikeness(tone, r, g, b) > SKIN_LIKENESS;
    const hem = topHem(photo, frame, mid(pose.points.leftKnee, pose.points.rightKnee), parts, isSkin);
    if (hem !== null && tuckUnder(canvas, frame, hem) < MIN_SEEN) {
      throw new RenderRefusal(
        'PERSON_BODY_HIDDEN',
        'The clothes on the upper body hide where this garment would be worn.',
      );
    }
  }
  // Worn cloth folds: drawn from the armpits, gathered above the hem, flared below the waist.
  drapeFolds(canvas, frame, arms, garment.kind);
  shadeGarment(models.cv, photo, canvas, frame.span);
  shadeEdges(models.cv, canvas, frame.span);
  const shade = softShadows(canvas, frame.neck.x, frame.span);
  // The photo's grain, read on the skin round the garment, for the paint and the garment alike.
  const by = Math.ceil(frame.span * 0.5);
  const around = clipBox(
    {
      left: canvas.left - by,
      top: canvas.top - by,
      width: canvas.width + 2 * by,
      height: canvas.height + 2 * by,
    },
    { left: 0, top: 0, width: photo.width, height: photo.height },
  );
  const grain = tone ? skinGrain(photo, parts, (i) => looksLikeSkin(tone, photo, i), around, frame.span) : 0;
  // Only a top or a dress takes over the arms and neck: trousers and skirts leave the upper body as it is.
  // A jacket is worn over a top: what its opening shows below the neck is that top, not bare skin.
  if (!isLowerBody(garment.kind))
    cleanUp(models.cv, photo, arms, parts, canvas, hair.seen, tone, {
      rim: true,
      chest: garment.kind !== 'jacket',
      hairInFront: hair.front,
      grain,
      derived: person.derived,
    });
  composite(photo, canvas, shade, grain);
  const bytes = await encodeResult(photo);
  return { bytes, width: photo.width, height: photo.height, contentType: 'image/webp' };
}

/**
 * Whether the pose stands on a person: the silhouette fills the chest and neck (`personPresent`), and where
 * the pose's thighs lie in the photo over nothing the silhouette holds (a garment laid flat: BlazePose puts
 * legs on the backdrop below its hem), a face shows above the shoulders (a person behind a table).
 */
async function isPerson(person: PersonReads, pose: BodyPose, silhouette: Mask): Promise<boolean> {
  if (!personPresent(silhouette, pose)) return false;
  return !thighsEmpty(silhouette, pose) || (await person.faceAbove(pose));
}

/** How much of the body a garment needs to see. */
function coverage(kind: GarmentKind): 'upper' | 'dress' | 'lower' {
  if (isLowerBody(kind)) return 'lower';
  return kind === 'dress' ? 'dress' : 'upper';
}
