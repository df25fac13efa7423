import { describe, expect, it } from 'vitest';
import { parseStorageUrl } from './storage-url.ts';

describe('parseStorageUrl', () => {
  it('reads AWS S3 with the credential chain', () => {
    expect(parseStorageUrl('s3://my-bucket')).toEqual({
      bucket: 'my-bucket',
      prefix: '',
      region: undefined,
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(parseStorageUrl('s3://my.bucket/tryon/media/?region=eu-central-1')).toMatchObject({
      bucket: 'my.bucket',
      prefix: 'tryon/media/',
      region: 'eu-central-1',
      forcePathStyle: false,
    });
  });

  it('reads an S3-compatible store with credentials in the URL', () => {
    expect(
      parseStorageUrl(
        's3://minio:s3cr%2Ft%2Bkey@media/p?region=eu-central-1&endpoint=http://127.0.0.1:9000&forcePathStyle=true',
      ),
    ).toEqual({
      bucket: 'media',
      prefix: 'p/',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 's3cr/t+key' },
    });
  });

  it('defaults region and path style for a custom endpoint, and lets both be overridden', () => {
    expect(parseStorageUrl('s3://media?endpoint=https://s3.example.com')).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://media?endpoint=https://s3.example.com&forcePathStyle=0')).toMatchObject({
      forcePathStyle: false,
    });
    expect(parseStorageUrl('s3://media?forcePathStyle=1')).toMatchObject({ forcePathStyle: true });
  });

  it('refuses bad URLs with a message naming the problem', () => {
    const cases: [string, RegExp][] = [
      ['', /not a URL/],
      ['my-bucket', /not a URL/],
      ['https://my-bucket.s3.amazonaws.com', /scheme must be s3:\/\//],
      ['file:///var/media', /scheme must be s3:\/\//],
      ['s3:///prefix', /bucket name is missing/],
      ['s3://My_Bucket', /bucket name must be/],
      ['s3://ab', /bucket name must be/],
      ['s3://bucket:9000', /port belongs in the endpoint/],
      ['s3://bucket/a/../b', /\. or \.\. segments/],
      ['s3://bucket/a/%2E%2e/b', /\. or \.\. segments/],
      ['s3://bucket/./b', /\. or \.\. segments/],
      ['s3://bucket/a/..', /\. or \.\. segments/],
      ['s3://bucket/a%2Fb', /prefix segment/],
      ['s3://bucket#x', /fragment/],
      ['s3://bucket?regoin=eu-central-1', /unknown parameter "regoin"/],
      ['s3://bucket?region=a&region=b', /given twice/],
      ['s3://bucket?region=EU%20Central', /region must look like/],
      ['s3://bucket?endpoint=127.0.0.1:9000', /endpoint must be a URL/],
      ['s3://bucket?endpoint=ftp://host', /endpoint must be an http/],
      ['s3://bucket?endpoint=localhost', /endpoint must be a URL/],
      ['s3://bucket?endpoint=http://u:p@host', /credentials go before the bucket/],
      ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be true or false/],
      ['s3://keyonly@bucket', /both the access key id and the secret/],
      ['s3://key:bad%ZZ@bucket', /broken %-escape/],
      ['s3://key:sec/ret@bucket', /not a URL/],
    ];
    for (const [url, message] of cases) {
      expect(() => parseStorageUrl(url), url).toThrow(message);
    }
  });

  it('never repeats the secret in its messages', () => {
    expect(() => parseStorageUrl('s3://AKIA:topsecret@bucket?bad=1')).toThrow(/^(?!.*topsecret).*$/s);
  });
});
