import { Image, type ImageProps } from 'antd';
import { useFileSrc } from '../app/files.ts';

/** antd Image for an uploaded file: a private upload (reader photo, screenshot) is loaded with the token. */
export function UploadedImage({ src, ...rest }: ImageProps) {
  return <Image {...rest} src={useFileSrc(src)} />;
}
