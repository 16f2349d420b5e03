// The contact screen: its CMS content above and below, the contact form (POST /application/contact)
// between the two.
import { useLoaderData } from 'react-router';
import { ContentScreen } from '../../components/ContentScreen.tsx';
import type { ContentScreenData } from '../../models/content-screen-loader.ts';
import { ContactForm } from './ContactForm.tsx';

export default function ContactPage() {
  return <ContentScreen data={useLoaderData() as ContentScreenData}><ContactForm /></ContentScreen>;
}
