import type { SiteImage } from '../content/site-content.ts';

type Loading = 'eager-high' | 'eager-low' | 'lazy';

const FETCH_PRIORITY = { 'eager-high': 'high', 'eager-low': 'low', lazy: 'auto' } as const;

const srcSet = (image: SiteImage, format: 'avif' | 'webp') =>
  image.widths!.map((width) => `${image.src.replace(/-\d+\.webp$/, `-${width}.${format}`)} ${width}w`).join(', ');

/**
 * One of the site's images with its intrinsic size (no layout shift). A raster one offers AVIF and WebP
 * at each generated width for `sizes`; `eager-high` is for the largest image of the first screen (LCP), `eager-low`
 * for one that must be ready before it is shown (a hidden slide: a lazy image that is not displayed never loads).
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
      fetchPriority={FETCH_PRIORITY[loading]}
      decoding={loading === 'eager-high' ? 'sync' : 'async'}
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
