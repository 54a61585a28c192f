import { useState } from 'react';

/** Shown while a product image loads or when it fails (spec §2: "a fallback loader image"). */
const FALLBACK =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'%3E%3Crect width='10' height='10' fill='%23eef2f0'/%3E%3C/svg%3E";

/** A square product image with fixed dimensions (no layout shift) and a placeholder behind it. */
export function ProductImage({ src, alt, eager = false, size = 600 }: { src: string; alt: string; eager?: boolean; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="product-image"
      src={failed || !src ? FALLBACK : src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
