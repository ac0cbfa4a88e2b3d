import type { ImgHTMLAttributes } from 'react';
import { imageUrl, type ImageName } from '../images/images.ts';

/** An app image in the format chosen at start-up (avif, webp or png). */
export function AppImage({ name, alt = '', ...rest }: { name: ImageName } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  return <img src={imageUrl(name)} alt={alt} decoding="async" {...rest} />;
}
