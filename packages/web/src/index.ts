export {
  detectLanguage,
  fallbackLanguage,
  isLanguage,
  type Language,
  languageLabels,
  languages,
  toLanguage,
} from './languages.ts';
export { safeStorage } from './safe-storage.ts';
export { absoluteUrl, type GuideName, guideNames, shopperUrls } from './shopper-urls.ts';
