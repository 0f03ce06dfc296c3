import type { PersonSummary } from '../profiles/model';
import type { CommentPage } from '../comments/model';
import type { ReactionSummary } from '../reactions/model';

/**
 * Social groups (docs/product-rules.md: no sample data, every feature is a real write). Shared by the server
 * and the web app. No zod here (see schemas.ts), so list pages stay small.
 */

export const GROUP_ROLES = ['admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const GROUP_TABS = ['all', 'my'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];
export const GROUP_TAB_LABELS: Record<GroupTab, string> = { all: 'All Groups', my: 'My Groups' };

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];
/**
 * Pending and declined, and accepting is a real write (docs/product-rules.md: every feature is a real write).
 */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const GROUPS = {
  /** The name typed into the invite dialog, at most, and the people it finds. */
  inviteQueryMax: 100,
  inviteSearchMax: 10,
  nameMin: 3,
  nameMax: 50,
  descriptionMin: 10,
  descriptionMax: 500,
  postMin: 1,
  postMax: 1000,
  commentMax: 2000,
  shareCommentMax: 500,
  /** Members shown in the sidebar before 'View all'. */
  sidebarMembers: 5,
  pageSize: 12,
  postPageSize: 10,
  memberPageSize: 20,
  pageMax: 50,
  skeletons: 6,
  /** Invitations one person may send in an hour (each one is a mail). */
  invitesPerHour: 30,
  /** Join requests one person may send in an hour (each one notifies the group's admins). */
  joinRequestsPerHour: 20,
  /** Groups one person may create in a day. */
  createsPerDay: 10,
} as const;

/** The product's texts for groups, word for word (and a few of our own, marked). */
export const GROUP_MSG = {
  heading: 'Groups',
  /** People you may know: "In <group name>", a group the viewer shares with the person. */
  suggestionReasonPrefix: 'In ',
  createGroup: 'Create Group',
  searchPlaceholder: 'Search groups...',
  viewGroup: 'View Group',
  // Not in the document: the empty states' lines.
  noGroups: 'No groups found',
  noMyGroups: "You haven't joined any groups yet",
  loadFailed: 'Failed to load group details',
  listLoadFailed: 'Failed to load groups',
  tryAgain: 'Try Again',
  members: (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`,
  created: (date: string) => `Created ${date}`,
  back: 'Back to Groups',
  private: 'Private',
  public: 'Public',
  invite: 'Invite',
  leaveGroup: 'Leave Group',
  requestToJoin: 'Request to Join',
  requestPending: 'Request Pending',
  // Ours (docs/decisions/026): a public group admits at once.
  joinGroup: 'Join Group',
  joined: 'You joined the group',
  /** Under a public group's 'Join Group', once for the page (its posts do not repeat it). */
  joinToTakePart: 'Anyone may join this public group to post, react and comment.',
  /** Beside a private group's disabled 'Request Pending'. */
  pendingMeanwhile: "An admin of this group will answer your request. You will be told when you're in.",
  tabPosts: 'Posts',
  tabAbout: 'About',
  about: 'About',
  joinRequests: 'Join Requests',
  noJoinRequests: 'No pending requests',
  approve: 'Approve',
  reject: 'Reject',
  membersHeading: 'Members',
  viewAllMembers: (n: number) => `View all ${n} members`,
  admin: 'Admin',
  notFoundTitle: 'Group not found',
  notFound: 'The group you are looking for does not exist.',
  invalidId: 'Invalid group ID format. Please try again later.',
  // Validation.
  nameMin: 'Group name must be at least 3 characters.',
  nameMax: 'Group name must not exceed 50 characters.',
  descriptionMin: 'Description must be at least 10 characters.',
  descriptionMax: 'Description must not exceed 500 characters.',
  postEmpty: 'Post content cannot be empty.',
  postMax: 'Post content must not exceed 1000 characters.',
  emailRequired: 'Please enter an email address',
  noSuchUser: 'No user with that email address was found',
  alreadyMember: 'This user is already a member of the group',
  alreadyInvited: 'This user has already been invited and has not responded yet',
  // Errors.
  commentsFailed: 'Error fetching comments',
  commentFailed: 'Failed to add comment',
  shareFailed: 'Error sharing post',
  requestsFailed: 'Failed to load join requests',
  approveFailed: 'Failed to approve request',
  rejectFailed: 'Failed to reject request',
  joinFailed: 'Failed to send join request. Please try again.',
  inviteFailed: 'Failed to send invitation. Please try again.',
  postFailed: 'Failed to create post',
  leaveFailed: 'Failed to leave group',
  createErrorTitle: 'Error creating group',
  unexpected: 'An unexpected error occurred',
  authRequired: 'Authentication Required',
  signInToJoin: 'Please sign in to join this group',
  // Successes.
  postShared: 'Post shared',
  requestSent: 'Request sent',
  requestApproved: 'Request approved',
  requestRejected: 'Request rejected',
  invitationSent: 'Invitation sent',
  postCreated: 'Post created',
  leftGroup: 'Left group',
  // Removing a member (ours, as forums word it).
  remove: 'Remove',
  removeTitle: 'Remove member?',
  removeConfirm: (name: string) => `This will remove ${name} from the group.`,
  memberRemoved: 'Member removed from group',
  removeFailed: 'Failed to remove member',
  memberGone: 'This member is no longer in the group.',
  ownerFixed: 'The owner of a group cannot be removed.',
  // Owners and admins moderating their group (ours, docs/decisions/026).
  deletePost: 'Delete post',
  deletePostTitle: 'Delete this post?',
  deletePostConfirm: 'This will remove the post with its reactions and comments. It cannot be undone.',
  removePostConfirm: (name: string) =>
    `This will remove ${name}'s post with its reactions and comments. It cannot be undone.`,
  postDeleted: 'Post deleted',
  deletePostFailed: 'Failed to delete post',
  postGone: 'This post is no longer there.',
  makeAdmin: 'Make admin',
  makeMember: 'Make member',
  makeAdminTitle: 'Make admin?',
  makeAdminConfirm: (name: string) =>
    `This will let ${name} remove posts, comments and members, and answer invitations and requests.`,
  makeMemberTitle: 'Make member?',
  makeMemberConfirm: (name: string) => `This will make ${name} a plain member again.`,
  roleChanged: 'Role updated',
  roleFailed: 'Failed to change role',
  groupCreated: 'Group created successfully',
  // Sign-in prompts.
  signInJoin: 'join this group',
  // Wizard.
  stepDetails: 'Group Details',
  stepReview: 'Review',
  stepSuccess: 'Success',
  cancel: 'Cancel',
  next: 'Next',
  backStep: 'Back',
  goToGroups: 'Go to Groups',
  privacy: 'Privacy',
  name: 'Group name',
  description: 'Description',
  coverImage: 'Cover image',
  noCover: 'No cover image',
  // Posts.
  writePost: 'Write something to the group...',
  post: 'Post',
  share: 'Share',
  shareComment: 'Add a comment (optional)',
  noPosts: 'No posts yet',
  sharedAPost: 'Shared a post',
  // Feed titles.
  feedNewGroup: (name: string) => `New group created: ${name}`,
  // Ours: what the spec leaves unsaid.
  onlyMembers: 'Only members of this group can do that.',
  /** Under a public group's post, for those who read it without being members (and the 403 if they try). */
  joinToEngage: 'Join this group to react and comment.',
  onlyAdmins: 'Only group admins can do that.',
  alreadyAMember: 'You are already a member of this group.',
  requestAlreadyPending: 'Your request to join is already pending.',
  requestGone: 'This request has already been handled.',
  lastAdmin: 'You are the last admin: name another admin before leaving.',
  lastAdminAlone: 'You are the only member: a group cannot be left without an admin.',
  newAdminNotMember: 'The new admin must be a member of the group.',
  makePrivate: 'Make Private',
  makePublic: 'Make Public',
  privacyChanged: 'Group privacy updated',
  invitationTitle: 'Invite to group',
  invitationEmail: 'Email address',
  /** Ours: the invite dialog also finds people by name. */
  invitationByName: 'Find a person by name, or type their email address',
  inviteSearchLabel: 'Name',
  inviteSearchPlaceholder: 'Type a name…',
  inviteNobodyFound: 'Nobody found by that name.',
  invitePerson: (name: string) => `Invite ${name}`,
  alreadyInvitedShort: 'Invited',
  sendInvitation: 'Send Invitation',
  acceptInvitation: 'Accept',
  declineInvitation: 'Decline',
  invitationAccepted: 'Invitation accepted',
  invitationDeclined: 'Invitation declined',
  invitationGone: 'This invitation is no longer pending.',
  joinRequestNotice: (name: string, group: string) => `${name} asked to join ${group}`,
  approvedNotice: (group: string) => `Your request to join ${group} was approved`,
  newPostNotice: (name: string, group: string) => `${name} posted in ${group}`,
  joinedNotice: (name: string, group: string) => `${name} joined ${group}`,
  invitedNotice: (name: string, group: string, description: string) =>
    `${name} invited you to join ${group}: ${description.length > 120 ? `${description.slice(0, 120)}...` : description}`,
  invalidCursor: 'Invalid page cursor',
  imageNotUploaded: 'Please upload the image here: only images you uploaded can be used.',
  imageUploaded: 'Image uploaded',
} as const;

/** The invitation mail (send-notification-email's {type group_invitation, data}). */
export type GroupInvitationMail = {
  groupName: string;
  inviterName: string;
  groupDescription: string;
  acceptUrl: string;
};

/** A group as a card shows it. */
export type GroupSummary = {
  id: string;
  name: string;
  description: string;
  coverImage: string | null;
  isPrivate: boolean;
  memberCount: number;
  createdAt: string;
  /** Only in a profile's communities (GET /api/groups?member=): that person's role in the group. */
  memberRole?: GroupRole | null;
};

export type GroupMembership = {
  role: GroupRole | null;
  /** The viewer's join request is pending. */
  requestPending: boolean;
  /** The viewer has a pending invitation (they may accept or decline). */
  invitationId: string | null;
};

/** GET /api/groups/{id}. */
export type Group = GroupSummary & {
  createdBy: string | null;
  membership: GroupMembership;
  isAdmin: boolean;
  isMember: boolean;
};

export type Page<T> = { items: T[]; nextCursor: string | null };
export type GroupPage = Page<GroupSummary>;

export type GroupMember = { person: PersonSummary; role: GroupRole; joinedAt: string };
export type GroupMemberPage = Page<GroupMember> & { total: number };

export type GroupPost = {
  id: string;
  groupId: string;
  author: PersonSummary;
  content: string;
  imageUrl: string | null;
  createdAt: string;
};
/**
 * A post in its group's list: with its reactions (counts, the viewer's own, and why the viewer may
 * not react yet) and the first page of its comments as the comments API answers it to the viewer,
 * so neither the post's reaction bar nor its comments need a request of their own.
 */
export type GroupPostPage = Page<
  GroupPost & { reactions: ReactionSummary | null; comments: CommentPage | null }
>;

export type JoinRequest = { id: string; person: PersonSummary; createdAt: string };
export type JoinRequestPage = Page<JoinRequest>;

export type GroupImage = { url: string };

/**
 * The groups list's live topic (any member): a new group was created. Its events name only the
 * group; the list asks the API, which applies the reader's own rules.
 */
export const GROUP_LIST_TOPIC = 'groups:all';

/** Connect and Message on a member of the members list (signed-in members may). */
export const GROUP_MEMBER_CONTACT_MSG = {
  connect: 'Connect',
  message: 'Message',
  // Successes and failures of the members list (connect, message).
  connectionRequestSent: 'Connection request sent',
  requestSent: 'Request Sent',
  connectionRequestFailed: 'Failed to send connection request.',
  friends: 'Friends',
} as const;

/** What members may report here: the report's target type and how "Report this {label}" names it. */
export const GROUP_POST_REPORT_TARGET = { type: 'group_post', label: 'post' } as const;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /**
     * To subscribers of `group:{groupId}` (whoever may see the group): its members, posts, pending
     * join requests or settings changed. Names nothing else: the page refetches what it may read.
     */
    'group.changed': {
      type: 'group.changed';
      groupId: string;
      what: 'group' | 'members' | 'posts' | 'requests';
    };
  }
}

/** What this area puts on the home feed: its kinds and its filter tab (common/feed/model.ts). */
declare module '../feed/model' {
  interface AreaFeedKinds {
    group: true;
    shared_post: true;
    group_post: true;
  }
  interface AreaFeedCategories {
    groups: true;
  }
}

/** What a visitor following a group post's feed card is asked to sign in for. */
export const GROUP_POST_FEED_SIGN_IN = 'view this group post';

/** The notifications this area sends (common/notifications/model.ts). */
declare module '../notifications/model' {
  interface AreaNotificationTypes {
    group_action: true;
  }
}
