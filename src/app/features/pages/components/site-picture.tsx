import type { SiteImage } from '../content/site-content.ts';

type Loading = 'eager-high' | 'lazy';

const srcSet = (image: SiteImage, format: 'avif' | 'webp') =>
  image.widths!.map((width) => `${image.src.replace(/-\d+\.webp$/, `-${width}.${format}`)} ${width}w`).join(', ');

/**
 * One of the site's images with its intrinsic size (no layout shift). A raster one offers AVIF and WebP
 * at each generated width for `sizes`; `eager-high` is for the largest image of the first screen (LCP).
 */
export function SitePicture({ image, alt, sizes, loading = 'lazy', className }: { image: SiteImage; alt: string; sizes?: string; loading?: Loading; className?: string }) {
  const img = (
    <img
      src={image.src}
      srcSet={image.widths ? srcSet(image, 'webp') : undefined}
      sizes={image.widths ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={loading === 'lazy' ? 'auto' : 'high'}
      decoding={loading === 'lazy' ? 'async' : 'sync'}
      className={className}
    />
  );
  if (!image.widths) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, 'avif')} sizes={sizes} />
      {img}
    </picture>
  );
}
