export { absoluteUrl } from './absolute-url.ts';
export {
  detectLanguage,
  fallbackLanguage,
  isLanguage,
  type Language,
  languageLabels,
  languages,
  toLanguage,
} from './languages.ts';
export { safeStorage, storageWorks } from './safe-storage.ts';
export { type GuideName, guideNames, shopperUrls } from './shopper-urls.ts';
