import type { DraftForReview } from "@connector/core/drafts";
import type { DraftCreator } from "@connector/core/ports";
import { message } from "@connector/ui";
import { type CsvDownload, csvDownload } from "../../http/csv-download.js";
import { historyAction, historyActorText } from "./draft-history-words.js";
import { draftName } from "./draft-list.js";

/**
 * A draft's history as a CSV file for the reader's records: in their language, header row included
 * (a consumer's export is read in a spreadsheet, as the page is), times in UTC, each row naming who
 * acted (issue 48 items 6 and 9).
 */
export function draftHistoryCsv(detail: DraftForReview, readerUserId: string, creator: DraftCreator | undefined): CsvDownload {
  return csvDownload(
    `draft-${detail.draft.draftId}-history.csv`,
    [message("drafts.csv.draft"), message("drafts.csv.when"), message("drafts.csv.action"), message("drafts.csv.by")],
    detail.history.map((entry) => [
      draftName(detail.draft, "plain"),
      entry.at,
      historyAction(entry.action),
      historyActorText(entry, readerUserId, creator, detail.people),
    ]),
  );
}
