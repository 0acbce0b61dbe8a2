import { DESCRIPTION_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from "../../../common/content-text";
import { contentEditBody } from "../../../common/schemas/content";
import { normalizeTags, splitTags } from "../../../common/tags";
import type { UploadDetails } from "./upload-rules";

// The forms check an item's text the way the server will (common/schemas/content.ts), so a mistake is
// said by its field before anything is sent (docs/decisions/038).

export type DetailsProblems = Partial<Record<keyof UploadDetails, string>>;

export const TEXT_LIMITS = { title: TITLE_MAX, description: DESCRIPTION_MAX } as const;

/** The tags' rules, as the hint under the field states them. */
export const TAGS_HINT = `Separate tags with commas. Up to ${TAGS_MAX} tags, each at most ${TAG_MAX} characters.`;

/**
 * What the server would refuse in these details, by field, in its words: title and description by the
 * schema itself, tags by its limits with the tag named ("At most 20 tags" does not say which one is long).
 */
export function detailsProblems(details: UploadDetails): DetailsProblems {
  const problems: DetailsProblems = {};
  const parsed = contentEditBody.safeParse({ title: details.title, description: details.description, tags: [] });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "title" || field === "description") && !problems[field]) problems[field] = issue.message;
  }
  const tags = normalizeTags(splitTags(details.tags));
  const long = tags.find((tag) => tag.length > TAG_MAX);
  if (long !== undefined) {
    problems.tags = `Each tag must be at most ${TAG_MAX} characters: “${clip(long)}” has ${long.length}`;
  } else if (tags.length > TAGS_MAX) {
    problems.tags = `At most ${TAGS_MAX} tags: there are ${tags.length}`;
  }
  return problems;
}

export const hasProblems = (problems: DetailsProblems) => Object.values(problems).some(Boolean);

const clip = (tag: string) => (tag.length > 24 ? `${tag.slice(0, 24)}…` : tag);
