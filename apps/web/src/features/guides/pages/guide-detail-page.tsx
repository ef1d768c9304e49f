import { useParams } from 'react-router';
import { GuideProfile } from '@/features/discovery/components/guide-profile';

/** `/guides/{guider}` (spec §2): a guide's public page; {guider} is the guide id or user id. */
export function GuideDetailPage() {
  const { guider = '' } = useParams();
  // A new guide is a new page: no state (gallery, wizard) carries over.
  return <GuideProfile key={guider} guideId={guider} />;
}
