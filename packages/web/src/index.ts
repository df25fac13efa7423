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
