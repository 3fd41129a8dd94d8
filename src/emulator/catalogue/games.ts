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
  { id: '32399', name: 'Counter-Strike', igdbId: '1372' },
  { id: '29595', name: 'Dota 2', igdbId: '2963' },
  { id: '18122', name: 'World of Warcraft', igdbId: '123' },
  { id: '511224', name: 'Apex Legends', igdbId: '114795' },
  { id: '512710', name: 'Call of Duty: Warzone', igdbId: '131800' },
  { id: '512953', name: 'Elden Ring', igdbId: '119133' },
  { id: '30921', name: 'Rocket League', igdbId: '11198' },
  { id: '491487', name: 'Dead by Daylight', igdbId: '18866' },
  { id: '263490', name: 'Rust', igdbId: '3277' },
  { id: '460630', name: "Tom Clancy's Rainbow Six Siege", igdbId: '7360' },
  { id: '513143', name: 'Teamfight Tactics', igdbId: '119171' },
  { id: '31376', name: 'Terraria', igdbId: '1879' },
  { id: '743', name: 'Chess', igdbId: '' },
  { id: '509659', name: 'ASMR', igdbId: '' },
  { id: '509667', name: 'Food & Drink', igdbId: '' },
  { id: '518203', name: 'Sports', igdbId: '' },
  { id: '509663', name: 'Special Events', igdbId: '' },
  { id: '27284', name: 'Retro', igdbId: '' },
];
