import { ID_CHARS } from "../common/ids";

/** The address of one item's page, with its id as the server makes ids (common/ids.ts). */
export const CONTENT_PAGE = new RegExp(`/content/${ID_CHARS}$`);
