export { DEFAULT_MAX_PIXELS } from './decode.ts';
export {
  type Derivative,
  type DerivativeKey,
  type DerivativeSize,
  derivativeKeyFor,
  derivativeKeys,
  derivativeSizes,
  isDerivativeKey,
  makeDerivative,
} from './derivatives.ts';
export { type AcceptedFormat, sniffImageFormat } from './image-type.ts';
export {
  type AcceptedImage,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_EDGE,
  type ImageKind,
  imageMinimums,
  inspectUpload,
  type UploadRules,
} from './inspect-upload.ts';
