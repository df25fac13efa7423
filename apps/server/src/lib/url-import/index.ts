export {
  DEFAULT_URL_IMPORT_OPTIONS,
  fetchFromUrl,
  fetchImageFromUrl,
  type ImportedImage,
  type UrlImportOptions,
} from './fetch-image.ts';
export type { ResolveHost } from './guarded-lookup.ts';
export { type ImageContentType, sniffImageType } from './image-signature.ts';
export { isPublicAddress } from './ip-policy.ts';
