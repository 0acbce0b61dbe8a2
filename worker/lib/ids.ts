import { ulid } from "ulid";
import { ID_CHARS } from "../../common/ids";

/** New row ids: ULIDs are sortable by creation time and unguessable enough for URLs. */
export const newId = () => ulid();

/** Route-param pattern for ids, so `/content/recommendations` never matches `/content/:id`. */
export const ID_PATTERN = `{${ID_CHARS}}`;
