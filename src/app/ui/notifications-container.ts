// Mantine's notifications container on its own, for message-host.tsx to load with import() (the
// store functions it also uses stay in the start-up bundle; the container does not).
export { Notifications } from '@mantine/notifications';
