/**
 * The page picture of the review screen: previous/next page, zoom and rotation, the focused field's
 * box drawn over it, and a click on a word offering that word to the focused field (the page's
 * words are fetched on the first click on that page: GET .../pages/{n}/words).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { call } from '../client.js';
import type { FieldLocation, Job, PageWords } from '../types.js';

const PAGE_WIDTH = 1000;
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

export type PageWord = PageWords['words'][number];
/** A word clicked on a page, with the page's size (a location as field_locations has them). */
export interface PickedWord extends PageWord {
  page: number;
  page_width: number;
  page_height: number;
}

/** The word under a point (page units), else the nearest within a few units: a click between letters still counts. */
function wordAt(words: PageWord[], x: number, y: number, slack: number): PageWord | undefined {
  let best: { word: PageWord; distance: number } | undefined;
  for (const word of words) {
    const dx = Math.max(word.box.x0 - x, 0, x - word.box.x1);
    const dy = Math.max(word.box.y0 - y, 0, y - word.box.y1);
    const distance = Math.hypot(dx, dy);
    if (distance <= slack && (!best || distance < best.distance)) best = { word, distance };
  }
  return best?.word;
}

export function PageView(props: {
  job: Job;
  page: number;
  box: FieldLocation | undefined;
  onPage: (n: number) => void;
  /** A word was clicked; `append` with Shift. */
  onWord: (word: PickedWord, append: boolean) => void;
  /** The focused field: when it changes, its box is scrolled into the page's frame (a zoomed page, a phone). */
  focused?: string | undefined;
}) {
  const { job, page, box } = props;
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  /** Height / width of the picture, known once it has loaded. */
  const [aspect, setAspect] = useState(842 / 595);
  const words = useRef(new Map<number, Promise<PageWords>>());
  const [wordError, setWordError] = useState<string | null>(null);
  const shown = box?.box && box.page === page && box.page_width && box.page_height ? box : undefined;
  const turned = rotation === 90 || rotation === 270;
  const zoomIndex = ZOOMS.indexOf(zoom);
  const boxRef = useRef<HTMLDivElement>(null);
  const boxShown = shown !== undefined;
  const viewportRef = useRef<HTMLDivElement>(null);
  // Only the page's frame scrolls (not the window): the fields and the heading stay where they are.
  useEffect(() => {
    const frame = viewportRef.current?.getBoundingClientRect();
    const at = boxRef.current?.getBoundingClientRect();
    if (!frame || !at || !viewportRef.current) return;
    if (at.top < frame.top || at.bottom > frame.bottom)
      viewportRef.current.scrollTop += at.top - frame.top - viewportRef.current.clientHeight / 3;
    if (at.left < frame.left || at.right > frame.right)
      viewportRef.current.scrollLeft += at.left - frame.left - viewportRef.current.clientWidth / 4;
  }, [props.focused, page, zoom, boxShown]);

  const onClick = (e: MouseEvent) => {
    const img = e.currentTarget as HTMLImageElement;
    // offsetX/Y are in the picture's own (unrotated, unscaled by transforms) coordinates.
    const fx = e.offsetX / img.clientWidth;
    const fy = e.offsetY / img.clientHeight;
    const append = e.shiftKey;
    let loading = words.current.get(page);
    if (!loading) {
      loading = call('get', '/v1/documents/{job_id}/pages/{page}/words', {
        path: { job_id: job.id, page: String(page) },
      });
      words.current.set(page, loading);
      loading.catch(() => words.current.delete(page));
    }
    loading.then(
      (w) => {
        setWordError(null);
        const word = wordAt(w.words, fx * w.page_width, fy * w.page_height, w.page_width / 100);
        if (word) props.onWord({ ...word, page, page_width: w.page_width, page_height: w.page_height }, append);
      },
      (err: unknown) => setWordError(err instanceof Error ? err.message : String(err)),
    );
  };

  // Turned a quarter, the picture's width becomes the stage's height: the stage reserves it.
  const stageStyle = turned
    ? { width: `${zoom * 100}%`, paddingBottom: `${(zoom / aspect) * 100}%` }
    : { width: `${zoom * 100}%` };
  const canvasStyle =
    rotation === 90
      ? {
          position: 'absolute',
          width: `${100 / aspect}%`,
          transformOrigin: 'top left',
          transform: 'rotate(90deg) translateY(-100%)',
        }
      : rotation === 270
        ? {
            position: 'absolute',
            width: `${100 / aspect}%`,
            transformOrigin: 'top left',
            transform: 'rotate(270deg) translateX(-100%)',
          }
        : rotation === 180
          ? { transform: 'rotate(180deg)' }
          : {};

  return (
    <section class="review-page" aria-label="Page">
      <div class="review-pager">
        <button type="button" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
          Previous page
        </button>
        <span>
          Page {page} of {job.page_count}
        </span>
        <button type="button" disabled={page >= job.page_count} onClick={() => props.onPage(page + 1)}>
          Next page
        </button>
        <button
          type="button"
          class="secondary"
          disabled={zoomIndex <= 0}
          onClick={() => setZoom(ZOOMS[zoomIndex - 1]!)}
        >
          Zoom out
        </button>
        <span aria-live="polite">{Math.round(zoom * 100)}%</span>
        <button
          type="button"
          class="secondary"
          disabled={zoomIndex >= ZOOMS.length - 1}
          onClick={() => setZoom(ZOOMS[zoomIndex + 1]!)}
        >
          Zoom in
        </button>
        <button type="button" class="secondary" onClick={() => setRotation((r) => (r + 270) % 360)}>
          Rotate left
        </button>
        <button type="button" class="secondary" onClick={() => setRotation((r) => (r + 90) % 360)}>
          Rotate right
        </button>
      </div>
      {wordError && <p class="field-error">The page's words could not be read: {wordError}</p>}
      {/* Focusable, so a zoomed page scrolls with the arrow keys too. */}
      <div
        ref={viewportRef}
        class="review-viewport"
        tabIndex={0}
        role="region"
        aria-label={`Page ${page}, ${Math.round(zoom * 100)}%`}
      >
        <div class="review-stage" style={stageStyle}>
          <div class="review-canvas" data-rotation={rotation} style={canvasStyle}>
            <img
              src={`/v1/documents/${encodeURIComponent(job.id)}/pages/${page}?width=${zoom > 1 ? 2 * PAGE_WIDTH : PAGE_WIDTH}`}
              alt={`Page ${page} of document ${job.id}`}
              onLoad={(e) => {
                const img = e.currentTarget;
                if (img.naturalWidth) setAspect(img.naturalHeight / img.naturalWidth);
              }}
              onClick={onClick}
            />
            {shown && (
              <div
                ref={boxRef}
                class="field-box"
                aria-hidden="true"
                style={{
                  left: `${(shown.box!.x0 / shown.page_width!) * 100}%`,
                  top: `${(shown.box!.y0 / shown.page_height!) * 100}%`,
                  width: `${((shown.box!.x1 - shown.box!.x0) / shown.page_width!) * 100}%`,
                  height: `${((shown.box!.y1 - shown.box!.y0) / shown.page_height!) * 100}%`,
                }}
              />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
