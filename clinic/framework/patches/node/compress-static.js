/* Reflex's compressor of the exported static files (reflex-compress-static.js beside this
 * file, kept as Reflex wrote it), with a cache of what it compresses. A production build
 * ends by compressing every file, at brotli's highest quality: most of those files (the
 * framework's chunks) are the same bytes in every build, and their compressed copies come
 * from the cache instead. An entry is named by the SHA-256 of the file's bytes, under a
 * folder named by the format, its settings and the versions of Node's compression
 * libraries (which decide the bytes): a changed file is a new entry, and a hit is the very
 * bytes the compressor would write. The cache's folder and size come from
 * compress-static.json, written beside this file by the build
 * (clinic/framework/patches/compression_cache.py, which also trims the cache). */

import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  copyFile,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  utimes,
  writeFile,
} from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import * as zlib from "node:zlib";

const gzipAsync = promisify(zlib.gzip);
const brotliAsync =
  typeof zlib.brotliCompress === "function" ? promisify(zlib.brotliCompress) : null;
const zstdAsync = typeof zlib.zstdCompress === "function" ? promisify(zlib.zstdCompress) : null;

const COMPRESSIBLE_EXTENSIONS = /\.(js|css|html|json|svg|xml|txt|map|mjs)$/;
const MIN_SIZE = 256;
const CONCURRENCY = 16;

const GZIP_OPTIONS = { level: 9 };
const BROTLI_OPTIONS = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
};

const COMPRESSORS = {
  gzip: {
    extension: ".gz",
    settings: { options: GZIP_OPTIONS, library: process.versions.zlib },
    compress: (/** @type {Buffer} */ raw) => gzipAsync(raw, GZIP_OPTIONS),
  },
  brotli: brotliAsync && {
    extension: ".br",
    settings: { options: BROTLI_OPTIONS, library: process.versions.brotli },
    compress: (/** @type {Buffer} */ raw) => brotliAsync(raw, BROTLI_OPTIONS),
  },
  zstd: zstdAsync && {
    extension: ".zst",
    settings: { options: {}, library: process.versions.zstd },
    compress: (/** @type {Buffer} */ raw) => zstdAsync(raw),
  },
};

/** @typedef {keyof typeof COMPRESSORS} Format */
/** @typedef {{extension: string, settings: object, compress: (raw: Buffer) => Promise<Buffer>}} Compressor */

/** @type {{folder: string}} */
const CACHE = JSON.parse(
  readFileSync(new URL("./compress-static.json", import.meta.url), { encoding: "utf-8" }),
);

const SIDECAR_SUFFIXES = Object.values(COMPRESSORS)
  .filter(Boolean)
  .map((c) => /** @type {Compressor} */ (c).extension);

/** @param {string} text */
function sha256(text) {
  return createHash("sha256").update(text).digest("hex");
}

/** The cache's folder for one format's entries: the format, its settings and its library. */
function cacheFolder(/** @type {string} */ format, /** @type {Compressor} */ compressor) {
  return join(
    CACHE.folder,
    `${format}-${sha256(JSON.stringify(compressor.settings)).slice(0, 16)}`,
  );
}

/** @param {string} directory @returns {AsyncGenerator<string>} */
async function* walkFiles(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const entryPath = join(directory, entry.name);
    if (entry.isDirectory()) {
      yield* walkFiles(entryPath);
    } else if (entry.isFile()) {
      yield entryPath;
    }
  }
}

/** @param {string[]} formats */
function ensureFormatsSupported(formats) {
  const unavailableFormats = formats.filter(
    (format) => !COMPRESSORS[/** @type {Format} */ (format)]?.compress,
  );
  if (unavailableFormats.length > 0) {
    throw new Error(
      `The configured frontend compression formats are not supported by this Node.js runtime: ${unavailableFormats.join(", ")}`,
    );
  }
}

/** Copies the cached entry to `target`; false when there is none (or it went meanwhile). */
async function copiedFromCache(/** @type {string} */ entry, /** @type {string} */ target) {
  try {
    await copyFile(entry, target);
  } catch {
    return false;
  }
  // The entry's time is when a build last used it: the trim removes the oldest first.
  const now = new Date();
  await utimes(entry, now, now).catch(() => {});
  return true;
}

/** Keeps `compressed` as `entry`: written to a file of its own, then renamed into place in
 * one step, so that a build running at the same time reads the whole entry or none. A
 * cache that cannot be written (full disk, read-only) only costs the next build its hits. */
async function store(/** @type {string} */ entry, /** @type {Buffer} */ compressed) {
  const partial = `${entry}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(partial, compressed);
    await rename(partial, entry);
  } catch {
    await rm(partial, { force: true });
  }
}

/** @param {string} filePath @param {Map<string, {compressor: Compressor, folder: string}>} compressors */
async function compressFile(filePath, compressors) {
  const raw = await readFile(filePath);
  // Always compress HTML entrypoints so their negotiated sidecars exist.
  if (raw.length < MIN_SIZE && !filePath.endsWith(".html")) return;

  const digest = createHash("sha256").update(raw).digest("hex");
  await Promise.all(
    [...compressors.values()].map(async ({ compressor, folder }) => {
      const target = filePath + compressor.extension;
      const entry = join(folder, digest);
      if (await copiedFromCache(entry, target)) return;
      const compressed = await compressor.compress(raw);
      await writeFile(target, compressed);
      await store(entry, compressed);
    }),
  );
}

/** @param {string} directory @param {string[]} formats */
async function compressDirectory(directory, formats) {
  ensureFormatsSupported(formats);

  const compressors = new Map();
  for (const format of formats) {
    const compressor = /** @type {Compressor} */ (COMPRESSORS[/** @type {Format} */ (format)]);
    const folder = cacheFolder(format, compressor);
    await mkdir(folder, { recursive: true }).catch(() => {});
    compressors.set(format, { compressor, folder });
  }

  const pending = [];
  for await (const filePath of walkFiles(directory)) {
    if (
      COMPRESSIBLE_EXTENSIONS.test(filePath) &&
      !SIDECAR_SUFFIXES.some((suffix) => filePath.endsWith(suffix))
    ) {
      pending.push(filePath);
    }
  }

  for (let i = 0; i < pending.length; i += CONCURRENCY) {
    await Promise.all(
      pending.slice(i, i + CONCURRENCY).map((file) => compressFile(file, compressors)),
    );
  }
}

const [directory, ...formats] = process.argv.slice(2);

if (!directory) {
  throw new Error("Missing static output directory for compression.");
}

await compressDirectory(directory, formats);
