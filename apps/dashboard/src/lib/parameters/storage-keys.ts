/** Names of the stored entries (spec §3); `lang` is the shopper pages' too. */
export const storageKeys = { privateApiKey: 'privateApiKey', lang: 'lang', user: 'user' } as const;
