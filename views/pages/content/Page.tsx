// A screen whose content is its page story (contact, consulate, whistleblower): the story's blocks, then
// what the screen adds of its own (a form), then the story's blocks below it (body_after). Without a
// story the screen still has its heading.
import { useLoaderData } from 'react-router';
import { ContentScreen } from '../../components/ContentScreen.tsx';
import type { ContentScreenData } from '../../models/content-screen-loader.ts';

export default function ContentScreenPage() {
  return <ContentScreen data={useLoaderData() as ContentScreenData} />;
}
