/**
 * Protocol Buffers' wire format, as much as editing an ONNX model's graph needs: a message is a
 * list of fields; varints are kept as bigints (int64 attributes such as a Slice's end reach 2^63)
 * and every field not edited is written back byte for byte.
 */

/** One field of a message: its number, wire type (0 varint, 1 fixed64, 2 bytes, 5 fixed32) and value. */
export interface Field {
  field: number;
  wire: number;
  /** A bigint for varints, the bytes otherwise (a view into the decoded buffer). */
  value: bigint | Uint8Array;
}

export function decodeMessage(bytes: Uint8Array): Field[] {
  const fields: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (at >= bytes.length) throw new Error('Truncated protobuf varint');
      const byte = bytes[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
      shift += 7n;
    }
  };
  const take = (length: number): Uint8Array => {
    if (at + length > bytes.length) throw new Error('Truncated protobuf field');
    at += length;
    return bytes.subarray(at - length, at);
  };
  while (at < bytes.length) {
    const key = Number(varint());
    const wire = key & 7;
    const field = key >>> 3;
    if (wire === 0) fields.push({ field, wire, value: varint() });
    else if (wire === 1) fields.push({ field, wire, value: take(8) });
    else if (wire === 2) fields.push({ field, wire, value: take(Number(varint())) });
    else if (wire === 5) fields.push({ field, wire, value: take(4) });
    else throw new Error(`Unsupported protobuf wire type ${wire}`);
  }
  return fields;
}

export function encodeMessage(fields: readonly Field[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const { field, wire, value } of fields) {
    parts.push(varintBytes(BigInt((field << 3) | wire)));
    if (typeof value === 'bigint') parts.push(varintBytes(value));
    else {
      if (wire === 2) parts.push(varintBytes(BigInt(value.length)));
      parts.push(value);
    }
  }
  return Buffer.concat(parts);
}

function varintBytes(value: bigint): Uint8Array {
  const bytes: number[] = [];
  let rest = BigInt.asUintN(64, value);
  while (rest >= 0x80n) {
    bytes.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  bytes.push(Number(rest));
  return Uint8Array.from(bytes);
}

/** Bytes field (wire type 2) with UTF-8 text or raw bytes. */
export const bytesField = (field: number, value: string | Uint8Array): Field => ({
  field,
  wire: 2,
  value: typeof value === 'string' ? new TextEncoder().encode(value) : value,
});

/** The UTF-8 texts of every occurrence of a bytes field. */
export const texts = (fields: readonly Field[], field: number): string[] =>
  fields.filter((f) => f.field === field && f.wire === 2).map((f) => new TextDecoder().decode(f.value as Uint8Array));
