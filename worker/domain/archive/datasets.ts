// The datasets the data lifecycle moves, in the order a run takes them (docs/decisions/051, 054).
import type { ArchiveDataset } from "./dataset";
import { pageDaysDataset } from "./page-days-dataset";
import { viewsDataset } from "./views-dataset";
import { visitsDataset } from "./visits-dataset";

export const ARCHIVE_DATASETS: readonly ArchiveDataset[] = [visitsDataset, pageDaysDataset, viewsDataset];
