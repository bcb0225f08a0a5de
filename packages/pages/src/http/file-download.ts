/** A file a page hands the person to keep (a letter as a PDF): its name, its type and its bytes. */
export interface FileDownload {
  filename: string;
  contentType: string;
  body: Buffer;
}
