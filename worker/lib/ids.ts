import { ulid } from "ulid";

/** New row ids: ULIDs are sortable by creation time and unguessable enough for URLs. */
export const newId = () => ulid();

/** Route-param pattern for ids, so `/content/recommendations` never matches `/content/:id`. */
export const ID_PATTERN = "{[0-9A-HJKMNP-TV-Z]{26}}";
