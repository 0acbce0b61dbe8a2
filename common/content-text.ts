// Limits on what people type about their content (docs/product-spec.md §8 "clear errors"): the upload and
// edit forms can bound their fields with them, the API refuses anything longer.
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const TAG_MAX = 40;
export const TAGS_MAX = 20;
