/** Categories the platform itself provides; present in every seed. IDs are the real platform's. */
export interface Game {
  id: string;
  name: string;
  igdbId: string;
}

export const GAMES: readonly Game[] = [
  { id: '509658', name: 'Just Chatting', igdbId: '' },
  { id: '1469308723', name: 'Software and Game Development', igdbId: '' },
  { id: '509660', name: 'Art', igdbId: '' },
  { id: '26936', name: 'Music', igdbId: '' },
  { id: '509670', name: 'Science & Technology', igdbId: '' },
  { id: '417752', name: 'Talk Shows & Podcasts', igdbId: '' },
  { id: '27471', name: 'Minecraft', igdbId: '121' },
  { id: '33214', name: 'Fortnite', igdbId: '1905' },
  { id: '21779', name: 'League of Legends', igdbId: '115' },
  { id: '32982', name: 'Grand Theft Auto V', igdbId: '1020' },
  { id: '516575', name: 'VALORANT', igdbId: '126459' },
  { id: '488552', name: 'Overwatch', igdbId: '9016' },
  { id: '138585', name: 'Hearthstone', igdbId: '1279' },
  { id: '490100', name: 'Stardew Valley', igdbId: '17000' },
  { id: '66082', name: 'Games + Demos', igdbId: '' },
];
