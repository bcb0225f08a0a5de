import type { ConsumerRequestDraftView } from "@connector/core/domain";
import { bidiPieceText, type Language, type LetterLine, type LetterPlace } from "@connector/core/resolve";
import { message } from "@connector/ui";
import PDFDocument from "pdfkit";
import type { FileDownload } from "./file-download.js";
import { bidiLines, type TextRun } from "./pdf/bidi-lines.js";
import { type LetterFont, letterFonts } from "./pdf/letter-fonts.js";

/** A US Letter page with an inch of margin all round, as a letter is printed and posted. */
const MARGIN = 72;
const PAGE = { size: "LETTER", margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } } as const;
const TEXT_SIZE = 11.5;
/** From one line's baseline to the next: room for Arabic's taller letters too. */
const LINE_HEIGHT = 17;
const PARAGRAPH_GAP = 8;
const LABEL_SIZE = 9;
const LABEL_COLOR = "#444444";
const FIELD_LINE = 15;

/**
 * The places a person fills in that stand on a line of their own: in the PDF each is a form field
 * (AcroForm) any PDF reader can fill, under its printed label, so the letter is filled on the person's
 * own machine and nothing they write passes through the service. Printed empty, the label and a line
 * show where to write by hand. Places inside a sentence ("[how]") stay bracketed text.
 */
const FIELDS: Partial<Record<LetterPlace, { width: number; lines: number }>> = {
  name: { width: 260, lines: 1 },
  returnAddress: { width: 260, lines: 3 },
  date: { width: 160, lines: 1 },
  recipientAddress: { width: 260, lines: 3 },
  signature: { width: 260, lines: 2 },
};

/** The place a line is, when the whole line is one place that becomes a field. */
function fieldPlace(line: LetterLine): { place: LetterPlace; label: string } | undefined {
  const [piece] = line;
  if (line.length !== 1 || piece === undefined || typeof piece === "string" || !("fill" in piece) || piece.place === undefined) return undefined;
  return FIELDS[piece.place] === undefined ? undefined : { place: piece.place, label: bidiPieceText(piece) };
}

/** Draws the letter down the page, a new page when one is full. */
class LetterWriter {
  /** The next line's baseline. */
  private baseline: number;
  private readonly fieldNames = new Map<LetterPlace, number>();

  constructor(private readonly document: PDFKit.PDFDocument) {
    this.baseline = MARGIN + TEXT_SIZE;
  }

  private get width(): number {
    return this.document.page.width - 2 * MARGIN;
  }

  /** Room for `height` more points below the current line's top, else a new page. */
  private makeRoom(height: number): void {
    if (this.baseline - TEXT_SIZE + height <= this.document.page.height - MARGIN) return;
    this.document.addPage();
    this.baseline = MARGIN + TEXT_SIZE;
  }

  private measure = (text: string, font: LetterFont, rightToLeft: boolean): number =>
    this.document.font(font).widthOfString(text, rightToLeft ? { features: [] } : {});

  private drawLine(runs: readonly TextRun[]): void {
    let x = MARGIN;
    for (const run of runs) {
      // `features: []` has pdfkit hand the whole run to fontkit at once (by default it lays out word by
      // word), so fontkit orders a right-to-left run's words as well as its letters.
      const options = { lineBreak: false, baseline: "alphabetic", ...(run.rightToLeft ? { features: [] } : {}) } as const;
      this.document.font(run.font).text(run.text, x, this.baseline, options);
      x += this.document.widthOfString(run.text, options);
    }
  }

  /** A paragraph of the letter, wrapped to the page's width. */
  paragraph(text: string, size = TEXT_SIZE): void {
    this.document.fontSize(size);
    for (const runs of bidiLines(text, this.width, this.measure)) {
      this.makeRoom(LINE_HEIGHT);
      this.drawLine(runs);
      this.baseline += LINE_HEIGHT;
    }
    this.document.fontSize(TEXT_SIZE);
  }

  gap(): void {
    this.baseline += PARAGRAPH_GAP;
  }

  /**
   * A place to fill in: its label printed small, and under it a form field with a line to write on.
   * The field is named after the place ("name", then "name-2" for the name under the signature) and
   * carries the label as its accessible name (TU).
   */
  field(place: LetterPlace, label: string): void {
    const { width, lines } = FIELDS[place]!;
    const height = lines * FIELD_LINE + 6;
    this.makeRoom(LINE_HEIGHT + height);
    this.document.fillColor(LABEL_COLOR);
    this.paragraph(label, LABEL_SIZE);
    this.document.fillColor("black");
    const top = this.baseline - LINE_HEIGHT + 4;
    this.document
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.6)
      .strokeColor("#777777")
      .stroke();
    const count = (this.fieldNames.get(place) ?? 0) + 1;
    this.fieldNames.set(place, count);
    const name = count === 1 ? place : `${place}-${count}`;
    // Standard Helvetica for what the reader types: every PDF reader has it and substitutes its own
    // font for letters it lacks; a subset of an embedded font would hold only this letter's glyphs.
    this.document.font("Helvetica").formText(name, MARGIN, top, width, height, { multiline: lines > 1, fontSize: 11 });
    const widget = this.document.page.annotations.at(-1);
    if (widget !== undefined) widget.data.TU = new String(label);
    // The next line starts clear of the line to write on.
    this.baseline = top + height + LINE_HEIGHT + 4;
  }
}

/**
 * A request letter as a PDF (pdfkit): the letter's words in an embedded Unicode font (accents, Greek,
 * Cyrillic, Arabic shaped, Hebrew), each line ordered by the Unicode bidirectional algorithm, and the
 * places a person fills in as form fields (see `FIELDS`). Its text reads as the page's letter does.
 * `language` is the letter's (its lines are in it): the file's language and its title follow it.
 */
export async function letterPdf(draft: ConsumerRequestDraftView, lines: readonly LetterLine[], language: Language = "en"): Promise<FileDownload> {
  const document = new PDFDocument({
    ...PAGE,
    info: {
      Title: message("resolve.letter.pdfTitle", undefined, language),
      Subject: message("resolve.letter.pdfSubject", { recipient: bidiPieceText({ typed: draft.recipient }) }, language),
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
  // pdfkit 0.20 takes a parsed fontkit font where its types still say a file (`PDFFontFactory.open`).
  for (const [name, font] of Object.entries(letterFonts())) document.registerFont(name, font as unknown as Buffer);
  document.font("Helvetica").initForm();
  document.fontSize(TEXT_SIZE);
  const writer = new LetterWriter(document);
  for (const line of lines) {
    const field = fieldPlace(line);
    if (line.length === 0) writer.gap();
    else if (field !== undefined) writer.field(field.place, field.label);
    else writer.paragraph(line.map(bidiPieceText).join(""));
  }
  document.end();
  await done;
  return { filename: `letter-${draft.draftId}.pdf`, contentType: "application/pdf", body: Buffer.concat(chunks) };
}
