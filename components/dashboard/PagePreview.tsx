'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * A page of a PDF drawn in the browser with pdf.js (its worker bundled with the app, nothing
 * fetched from elsewhere). Reports the page count and the page's size in points, and once drawn
 * the picture (`onDrawn`, for close-ups); when the page cannot be drawn, the box keeps the
 * page's proportions and says so.
 */
export function PagePreview({
  url,
  page,
  onInfo,
  onDrawn,
}: {
  url: string;
  page: number;
  onInfo: (info: { pages: number; width: number; height: number }) => void;
  onDrawn?: (image: string) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const controller = new AbortController();
    let destroy: (() => void) | undefined;
    (async () => {
      try {
        // The bytes are fetched here, not by pdf.js: leaving the page (or another page number)
        // while they load aborts a plain fetch, where cancelling pdf.js's own stream surfaced as
        // an uncaught "Worker was terminated" (as in DocumentTools' usePdf).
        const response = await fetch(url, { signal: controller.signal });
        if (!response.ok) throw new Error(`The file answered ${response.status}`);
        const data = new Uint8Array(await response.arrayBuffer());
        if (cancelled) return;
        const pdfjs = await import('pdfjs-dist');
        pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
        const task = pdfjs.getDocument({ data, isEvalSupported: false });
        destroy = () => void task.destroy();
        const doc = await task.promise;
        const p = await doc.getPage(Math.min(Math.max(1, page), doc.numPages));
        const base = p.getViewport({ scale: 1 });
        if (cancelled) return;
        onInfo({ pages: doc.numPages, width: base.width, height: base.height });
        const target = canvas.current;
        if (!target) return;
        const scale = Math.min(2, 900 / base.width);
        const viewport = p.getViewport({ scale });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        await p.render({ canvas: target, viewport }).promise;
        if (cancelled) return;
        setLoaded(true);
        onDrawn?.(target.toDataURL('image/png'));
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
      destroy?.();
    };
  }, [url, page, onInfo, onDrawn]);

  return (
    <>
      <canvas ref={canvas} className="page-canvas" aria-hidden="true" data-loaded={loaded ? 'true' : 'false'} />
      {failed && <p className="muted preview-note">The page preview could not be drawn; the stamp is placed on the page&apos;s outline.</p>}
    </>
  );
}
