// Row ids are ULIDs (Crockford base 32, 26 characters). The one definition of their shape: request schemas,
// route params (worker/lib/ids.ts ID_PATTERN), path checks and screens all derive theirs from these.
export const ID_CHARS = "[0-9A-HJKMNP-TV-Z]{26}";
export const ID_REGEX = new RegExp(`^${ID_CHARS}$`);
export const isId = (value: string) => ID_REGEX.test(value);
