import { UPLOAD_PUBLIC_DIR } from '@shuyuan/contracts/settings/upload';
import { useEffect, useState } from 'react';
import { fetchFileObjectUrl } from './http.ts';

/** Uploads only a signed-in member of the school may read (everything but the public images' folder). */
const PRIVATE_UPLOAD = new RegExp(`^/files/uploads/\\d+/(?!${UPLOAD_PUBLIC_DIR}/)`);

export const isPrivateUpload = (url: string | null | undefined): url is string => !!url && PRIVATE_UPLOAD.test(url);

/** Object URLs of private uploads already fetched this session (a desk shows the same readers again and again). */
const MAX_REMEMBERED = 200;
const remembered = new Map<string, Promise<string | undefined>>();

function objectUrl(url: string): Promise<string | undefined> {
  let hit = remembered.get(url);
  if (!hit) {
    hit = fetchFileObjectUrl(url);
    remembered.set(url, hit);
    // A failure is not remembered (the next look tries again); the oldest entries make room.
    void hit.then((u) => u ?? remembered.delete(url));
    if (remembered.size > MAX_REMEMBERED) {
      const [oldest, gone] = remembered.entries().next().value as [string, Promise<string | undefined>];
      remembered.delete(oldest);
      void gone.then((u) => u && URL.revokeObjectURL(u));
    }
  }
  return hit;
}

/**
 * What an <img> (or antd Image / Avatar) should load for an uploaded file's URL: public images and other URLs as
 * they are; a private upload is fetched with the caller's token and shown from memory (an <img> sends no token).
 */
export function useFileSrc(url: string | null | undefined): string | undefined {
  const [src, setSrc] = useState<string | undefined>(() => (url && !isPrivateUpload(url) ? url : undefined));
  useEffect(() => {
    if (!isPrivateUpload(url)) {
      setSrc(url || undefined);
      return;
    }
    let live = true;
    setSrc(undefined);
    void objectUrl(url).then((u) => live && setSrc(u));
    return () => {
      live = false;
    };
  }, [url]);
  return src;
}
