import { constants, deflateRawSync } from 'node:zlib';
import { ZipPassThrough } from 'fflate';

/**
 * A zip entry compressed by Node's native zlib instead of fflate's JavaScript deflate (which was
 * most of an XLSX export's CPU). Each pushed piece is deflated on its own and ended with a sync
 * flush, so the pieces join into one valid DEFLATE stream (what pigz does); only the last piece
 * is finished. Back-references do not cross pieces, which costs a little size at 64 KB pieces.
 * fflate's Zip keeps writing the container, the CRC and the sizes (ZipPassThrough counts them
 * over the data as pushed, before compression, as the zip format wants).
 */
export class NativeZipDeflate extends ZipPassThrough {
  readonly #level: number;

  constructor(filename: string, level: number) {
    super(filename);
    this.compression = 8;
    this.#level = level;
  }

  override process(chunk: Uint8Array, final: boolean): void {
    const flush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    this.ondata(null, deflateRawSync(chunk, { level: this.#level, finishFlush: flush }), final);
  }
}
