// The datasets the data lifecycle moves, in the order a run takes them (docs/decisions/051, 054, 061).
import type { ArchiveDataset } from "./dataset";
import { memberDaysDataset } from "./member-days-dataset";
import { pageDaysDataset } from "./page-days-dataset";
import { viewsDataset } from "./views-dataset";
import { visitsDataset } from "./visits-dataset";

// member-days follows the views of each day it moves (decision 061), so it comes after them.
export const ARCHIVE_DATASETS: readonly ArchiveDataset[] = [
  visitsDataset,
  pageDaysDataset,
  viewsDataset,
  memberDaysDataset,
];
