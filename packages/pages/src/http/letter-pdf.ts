import type { ConsumerRequestDraftView } from "@connector/core/domain";
import { type Language, type LetterLine, pieceText } from "@connector/core/resolve";
import { message } from "@connector/ui";
import PDFDocument from "pdfkit";
import type { FileDownload } from "./file-download.js";

/** A US Letter page with an inch of margin all round, as a letter is printed and posted. */
const PAGE = { size: "LETTER", margins: { top: 72, bottom: 72, left: 72, right: 72 } } as const;

/**
 * Text the PDF's built-in font can draw: its Windows-1252 repertoire (curly quotes and dashes
 * included). Other letters lose their accents ("Łódź" → "Lodz"); anything left becomes "?", never
 * a blank, so a name the font cannot draw still shows that something is there to check.
 */
function drawable(text: string): string {
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[Łł]/g, (letter) => (letter === "Ł" ? "L" : "l"));
  return [...plain]
    .map((character) => {
      const code = character.codePointAt(0)!;
      if (code >= 0x20 && code <= 0x7e) return character;
      if (code >= 0xa0 && code <= 0xff) return character;
      return "‘’“”–—…•€".includes(character) ? character : "?";
    })
    .join("");
}

/**
 * A request letter as a PDF (pdfkit): the letter only, each marked place in its square brackets
 * (as the copied text has them), for the person to print, fill in by hand and post, or to attach.
 * `language` is the letter's (its lines are in it): the file's language and its title follow it.
 */
export async function letterPdf(draft: ConsumerRequestDraftView, lines: readonly LetterLine[], language: Language = "en"): Promise<FileDownload> {
  const document = new PDFDocument({
    ...PAGE,
    info: {
      Title: message("resolve.letter.pdfTitle", undefined, language),
      Subject: message("resolve.letter.pdfSubject", { recipient: drawable(draft.recipient) }, language),
      Creator: "Connector",
    },
    lang: `${language}-US`,
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    document.on("end", () => resolve());
    document.on("error", reject);
  });
  document.font("Helvetica").fontSize(11.5);
  for (const line of lines) {
    const text = line.map(pieceText).join("");
    if (text === "") document.moveDown(0.6);
    else document.text(drawable(text), { lineGap: 2.5 });
  }
  document.end();
  await done;
  return { filename: `letter-${draft.draftId}.pdf`, contentType: "application/pdf", body: Buffer.concat(chunks) };
}
