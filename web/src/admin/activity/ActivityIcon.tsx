import { Icon, type IconProps } from '../../components/ui/icons';

/** The activity page's sign in the sidebar: a pulse line (same 24×24 stroke style as the others). */
export const ActivityIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M22 12h-4l-3 9L9 3l-3 9H2" />
  </Icon>
);
