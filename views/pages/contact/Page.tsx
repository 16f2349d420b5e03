// The contact screen: its CMS content above and below where the contact form goes (the form, posting
// POST /application/contact, arrives with the account-area issue and takes its place between the two).
import { useLoaderData } from 'react-router';
import { ContentScreen } from '../content/Page.tsx';
import type { ContentScreenData } from '../content/loader.ts';

export default function ContactPage() {
  return <ContentScreen data={useLoaderData() as ContentScreenData}>{null}</ContentScreen>;
}
