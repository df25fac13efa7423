import { useCallback, useState } from 'react';
import { errorText } from '../../../lib/api/error-text.ts';
import { useMutation } from '../../../lib/api/use-query.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { downscalePhoto } from '../../../lib/image/downscale.ts';
import { ImageInputError, toImageBlob } from '../../../lib/image/image-input.ts';
import { notify } from '../../../lib/toast/toast-store.ts';
import { addFace } from '../api/faces-api.ts';

/**
 * Adds the shopper's photo from a camera shot or a chosen file: the spec §5 input rules, a smaller copy for the
 * upload, then POST /v1/face/add as camera-image.jpg. Answers the new photo's id, or null when it failed (and
 * says why in a toast).
 */
export function useAddPhoto() {
  const [add] = useMutation(addFace);
  const [busy, setBusy] = useState(false);
  const addPhoto = useCallback(
    async (input: unknown): Promise<string | null> => {
      setBusy(true);
      try {
        let blob: Blob;
        try {
          blob = await downscalePhoto(await toImageBlob(input));
        } catch (error) {
          if (!(error instanceof ImageInputError)) throw error;
          console.warn(error.message);
          notify(
            'error',
            error.reason === 'invalid'
              ? translate('photo.invalidInput')
              : translate('photo.fetchFailed', { status: error.status ?? 0 }),
          );
          return null;
        }
        const result = await add(blob);
        if (result.error) {
          notify('error', errorText(result.error));
          return null;
        }
        notify('success', translate('photo.added'));
        return result.data.fuid;
      } finally {
        setBusy(false);
      }
    },
    [add],
  );
  return { addPhoto, busy };
}
