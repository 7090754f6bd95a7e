import { inflateRawSync } from "node:zlib";

/**
 * One file out of a ZIP archive, by name, with Node's own inflate (no dependency): enough for
 * the House Clerk's yearly index archive (a handful of stored or deflated entries, no
 * encryption, no ZIP64). The layout is PKWARE's APPNOTE.TXT: the end-of-central-directory
 * record (signature 0x06054b50) at the end, after an optional comment, points at the central
 * directory, whose entries (0x02014b50) give each file's method, sizes and local header
 * (0x04034b50), after which the data starts. Throws ZipFormatError for anything else.
 */

export class ZipFormatError extends Error {
  constructor(problem: string) {
    super(problem);
    this.name = "ZipFormatError";
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const MAX_END_SEARCH = 22 + 0xffff;

function endOfDirectory(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - MAX_END_SEARCH);
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipFormatError("no end-of-central-directory record: not a ZIP archive");
}

/** The names of the archive's entries, in directory order. */
export function zipEntryNames(zip: Buffer): string[] {
  return entries(zip).map((entry) => entry.name);
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

function entries(zip: Buffer): Entry[] {
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const found: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw new ZipFormatError(`central directory entry ${i} is damaged`);
    }
    const nameLength = zip.readUInt16LE(at + 28);
    found.push({
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeader: zip.readUInt32LE(at + 42),
      name: zip.toString("utf8", at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return found;
}

/** The named entry's bytes; undefined when the archive has no such entry. */
export function zipEntry(zip: Buffer, name: string): Buffer | undefined {
  const entry = entries(zip).find((candidate) => candidate.name === name);
  if (!entry) return undefined;
  const at = entry.localHeader;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) {
    throw new ZipFormatError(`${name}: local header is damaged`);
  }
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ZipFormatError(`${name}: truncated`);
  let content: Buffer;
  if (entry.method === 0) content = data;
  else if (entry.method === 8) content = inflateRawSync(data);
  else throw new ZipFormatError(`${name}: compression method ${entry.method} is not supported`);
  if (content.length !== entry.size) throw new ZipFormatError(`${name}: size does not match`);
  return content;
}
