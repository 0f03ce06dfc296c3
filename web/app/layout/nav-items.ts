import {
  Bell,
  Building2,
  CalendarDays,
  FileText,
  House,
  MessageCircle,
  MessagesSquare,
  Settings,
  TrendingUp,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Hidden from visitors (spec document 1: signed-out users see only News Feed). */
  signedInOnly: boolean;
  /** Highlight only on this exact path, not on its sub-paths. */
  end?: boolean;
};

export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'News Feed', icon: House, signedInOnly: false, end: true },
  { to: '/groups', label: 'Groups', icon: Users, signedInOnly: true },
  { to: '/investing', label: 'Investing', icon: TrendingUp, signedInOnly: true },
  { to: '/articles', label: 'Articles', icon: FileText, signedInOnly: true },
  { to: '/forums', label: 'Forums', icon: MessagesSquare, signedInOnly: true },
  { to: '/business-pages', label: 'Business Pages', icon: Building2, signedInOnly: true },
  { to: '/events', label: 'Events', icon: CalendarDays, signedInOnly: true },
  { to: '/messages', label: 'Messages', icon: MessageCircle, signedInOnly: true },
  { to: '/notifications', label: 'Notifications', icon: Bell, signedInOnly: true },
  { to: '/profile', label: 'Profile', icon: User, signedInOnly: true, end: true },
  { to: '/settings', label: 'Settings', icon: Settings, signedInOnly: true },
];
