// The `member-days` dataset (docs/decisions/061): each member's summary of a day of views, per side, leaves D1 for R2
// once the views dataset has finished that day; rows of members with a view of the day kept as evidence stay.
import {
  deleteMemberDaysStatement,
  keptMemberDaysIn,
  nextMemberDaysDay,
  readMemberDayRows,
} from "../../db/queries/archive/archive-member-days";
import type { ArchiveDataset } from "./dataset";

export const memberDaysDataset: ArchiveDataset = {
  name: "member-days",
  nextDay: (d1) => nextMemberDaysDay(d1),
  readRows: readMemberDayRows,
  removeStatements: (d1, day, afterKey, lastKey) => [deleteMemberDaysStatement(d1, day, afterKey, lastKey)],
  keptIn: (d1, day, afterKey, lastKey) => keptMemberDaysIn(d1, day, afterKey, lastKey),
};
