import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { assertValidKey, contentTypeOfKey, type Storage } from './index.js';

/** Any S3-compatible service (AWS, MinIO, R2…): S3_BUCKET, S3_REGION, optional S3_ENDPOINT and keys. */
export function createS3Storage(config: Config): Storage {
  const bucket = config.S3_BUCKET;
  if (!bucket) throw new Error('S3 storage needs S3_BUCKET');
  const client = new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // The SDK's default (since 3.729) sends streamed uploads as aws-chunked bodies with a
    // trailing CRC32; S3-compatible servers that predate it (s3rver, older MinIO and Ceph)
    // stored the chunk framing as the file's bytes. Checksums only where an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertValidKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertValidKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        const body = Buffer.from(await object.Body.transformToByteArray());
        return { body, contentType: object.ContentType ?? contentTypeOfKey(key) };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async putFile(key, filePath, contentType) {
      assertValidKey(key);
      const { size } = await stat(filePath);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async openRead(key, range) {
      assertValidKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!object.Body) return null;
        // Content-Range is "bytes start-end/size" for a range, else the length is the size.
        const total = object.ContentRange ? Number(object.ContentRange.split('/')[1]) : object.ContentLength;
        return {
          stream: object.Body as Readable,
          size: total ?? 0,
          contentType: object.ContentType ?? contentTypeOfKey(key),
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async check() {
      // HeadBucket answers without reading or listing anything, and fails without access.
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
