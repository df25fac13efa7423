/** Names of stored entries; `lang` is the dashboard's too, so one choice holds on both. */
export const storageKeys = { clientUuid: 'clientuuid', lang: 'lang', photoConsent: 'photoConsent' } as const;
