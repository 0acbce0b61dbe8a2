// The datasets the data lifecycle moves, in the order a run takes them (docs/decisions/051).
import type { ArchiveDataset } from "./dataset";
import { visitsDataset } from "./visits-dataset";

export const ARCHIVE_DATASETS: readonly ArchiveDataset[] = [visitsDataset];
