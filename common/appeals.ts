// Appeals (docs/decisions/092): a member asks the moderators to look again at an action taken against them, once
// per action, in words; an admin upholds or reverses it. Both sides read these limits and words.

export const APPEAL_STATUSES = ["open", "upheld", "reversed", "moot"] as const;

export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** The appeal's text, trimmed: long enough to say why, short enough to read in the queue. */
export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 2000;
/** The admin's note on the decision, shown to the member. */
export const APPEAL_NOTE_MAX = 500;
/** An action may be appealed for this many days after it was taken. */
export const APPEAL_WINDOW_DAYS = 30;
