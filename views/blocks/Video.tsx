// Video embeds (CMS block video, spec 2): a placeholder with the explanation and buttons until Targeting
// consent is given, then the player (youtube-nocookie or Vimeo with dnt; the CSP frames exactly these).
// Alignment left, center or right; embedded: 16:9 at full content width, otherwise 560 x 315; 100 % wide
// below 768 px (spec 9).
import type { Block } from '../../src/contracts/content.ts';
import { useShop } from '../lib/context.tsx';
import { ConsentGate } from '../components/consent/ConsentGate.tsx';

type VideoBlock = Extract<Block, { type: 'video' }>;

export function embedUrl(v: Pick<VideoBlock, 'provider' | 'videoId'>): string {
  return v.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(v.videoId)}`
    : `https://player.vimeo.com/video/${encodeURIComponent(v.videoId)}?dnt=1`;
}

export function Video({ block }: { block: VideoBlock }) {
  const { t } = useShop();
  const size = block.embedded ? 'video-embedded' : 'video-fixed';
  return (
    <figure className={`block container video ${size} video-align-${block.alignment}`}>
      <ConsentGate group="targeting" title={block.title} text={block.placeholderText || t('consent.video.text')} allowLabel={t('consent.video.allow')} className="video-frame">
        {() => (
          <iframe
            src={embedUrl(block)}
            title={block.title}
            width={560}
            height={315}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
          />
        )}
      </ConsentGate>
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}
