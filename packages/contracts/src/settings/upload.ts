/** What P/upload/post and the 3rd upload endpoints accept (spec §5: upload one image only). */
export const UPLOAD_IMAGE_EXT = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp'] as const;
export const UPLOAD_SHEET_EXT = ['.xlsx', '.xls', '.csv'] as const;
/** Data files only through the chunked upload (MARC, archives, PDF). */
export const UPLOAD_DATA_EXT = [
  '.mrc',
  '.iso',
  '.marc',
  '.dat',
  '.usmarc',
  '.xml',
  '.zip',
  '.pdf',
  '.txt',
  '.tsv',
  '.json',
] as const;
export const UPLOAD_IMAGE_MAX = 5 * 1024 * 1024;
export const UPLOAD_SHEET_MAX = 20 * 1024 * 1024;
export const UPLOAD_CHUNKED_MAX = 512 * 1024 * 1024;
export const UPLOAD_CHUNK_MAX = 5 * 1024 * 1024;
export const UPLOAD_CHUNKS_MAX = 200;

/**
 * Images that anyone may see (the public search site, the sign-in screen): sent as the upload's `category` field,
 * they are stored under uploads/<school>/public/ and served without a token. Every other upload — reader photos,
 * feedback screenshots, spreadsheets, MARC and data files — is served only to a signed-in member of its school.
 */
export const UPLOAD_PUBLIC_CATEGORIES = ['cover', 'logo', 'map', 'picture'] as const;
export type UploadPublicCategory = (typeof UPLOAD_PUBLIC_CATEGORIES)[number];
/** The folder of public images inside a school's uploads. */
export const UPLOAD_PUBLIC_DIR = 'public';

export interface UploadResult {
  /** Where the file is served: /files/uploads/<school>/[public/]<yyyymm>/<random>.<ext> */
  url: string;
  /** Original file name. */
  name: string;
  size: number;
}
