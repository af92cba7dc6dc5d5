import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  isCompressibleType,
  varyOnAcceptEncoding,
  type ContentCoding,
} from './compression';

const ALL: ContentCoding[] = ['br', 'gzip', 'identity'];

describe('chooseEncoding (RFC 9110 §12.5.3)', () => {
  it.each<[string | undefined, ContentCoding[], ContentCoding]>([
    // No header: identity (old clients, curl without --compressed).
    [undefined, ALL, 'identity'],
    // An empty header: identity only.
    ['', ALL, 'identity'],
    // What browsers send.
    ['gzip, deflate, br, zstd', ALL, 'br'],
    ['br, gzip', ALL, 'br'],
    ['gzip, deflate', ALL, 'gzip'],
    ['gzip', ALL, 'gzip'],
    ['GZIP', ALL, 'gzip'],
    ['x-gzip', ALL, 'gzip'],
    ['deflate', ALL, 'identity'],
    ['identity', ALL, 'identity'],
    // q-values: the highest wins, ties go to the smaller coding.
    ['gzip;q=1, br;q=0.5', ALL, 'gzip'],
    ['br;q=0.8, gzip;q=0.8', ALL, 'br'],
    ['gzip;q=0.5, identity', ALL, 'identity'],
    ['br;q=0, gzip', ALL, 'gzip'],
    ['br;q=0, gzip;q=0', ALL, 'identity'],
    ['br ; q=0.001', ALL, 'br'],
    ['br;q=1.000', ALL, 'br'],
    // The most restrictive of a coding named twice.
    ['br, br;q=0, gzip', ALL, 'gzip'],
    // `*` stands for the codings not named.
    ['*', ALL, 'br'],
    ['*;q=0.5, gzip', ALL, 'gzip'],
    ['br;q=0, *', ALL, 'gzip'],
    ['*;q=0, gzip', ALL, 'gzip'],
    // Identity refused: any acceptable coding, else identity all the same.
    ['identity;q=0, gzip;q=0.1', ALL, 'gzip'],
    ['identity;q=0', ALL, 'identity'],
    ['*;q=0', ALL, 'identity'],
    // Only what is available.
    ['br, gzip', ['gzip', 'identity'], 'gzip'],
    ['br', ['gzip', 'identity'], 'identity'],
    ['br;q=0.5, gzip;q=0.9', ['br', 'identity'], 'br'],
    ['gzip, br', ['identity'], 'identity'],
  ])('Accept-Encoding %j among %j: %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe('isCompressibleType', () => {
  it.each([
    'application/json',
    'application/json; charset=UTF-8',
    'application/problem+json',
    'text/html; charset=UTF-8',
    'text/plain;charset=utf-8',
    'text/csv; charset=utf-8',
    'text/css; charset=utf-8',
    'text/javascript; charset=utf-8',
    'image/svg+xml',
  ])('compresses %s', (type) => expect(isCompressibleType(type)).toBe(true));

  it.each([
    'text/event-stream',
    'image/png',
    'application/pdf',
    'application/gzip',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'font/woff2',
    'application/octet-stream',
    'application/jsonl',
    '',
    null,
  ])('leaves %s alone', (type) => expect(isCompressibleType(type)).toBe(false));
});

describe('varyOnAcceptEncoding', () => {
  it.each([
    [null, 'Accept-Encoding'],
    ['Origin', 'Origin, Accept-Encoding'],
    ['accept-encoding', 'accept-encoding'],
    ['Origin, Accept-Encoding', 'Origin, Accept-Encoding'],
    ['*', '*'],
  ])('Vary %j becomes %j', (before, after) => {
    const headers = new Headers(before ? { Vary: before } : {});
    varyOnAcceptEncoding(headers);
    expect(headers.get('Vary')).toBe(after);
  });
});
