/**
 * Common passwords, lower-case, for the "too common" rule (v1: Django's CommonPasswordValidator).
 *
 * This is a PARTIAL list, as Django's own is (Django ships the 20,000 most common of a much larger
 * leak corpus): it catches the passwords people reach for first, not every weak one. It holds
 * well-known leaked passwords (rockyou, SplashData/NordPass yearly lists and similar), Brazilian
 * Portuguese and Spanish favourites, and, generated below, repeated characters, digit runs and
 * keyboard walks with their usual suffixes.
 *
 * Every entry is lower-case and the check is case-insensitive: callers look up
 * `password.trim().toLowerCase()` (see rules.ts), as Django does with `password.lower().strip()`.
 */

// Worldwide: the leaked passwords at the top of every list.
const WORLDWIDE = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer
zxcvbnm asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie
robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper
1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua
cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas
austin thunder taylor matrix william corvette hello martin heather secret merlin diamond 1234qwer
gfhjkm hammer silver 222222 88888888 anthony justin test bailey q1w2e3r4t5 patrick internet
scooter orange 11111 golfer cookie richard samantha bigdog guitar jackson whatever mickey chicken
sparky snoopy maverick phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung andrea
smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster
tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore
banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999
ncc1701 coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny
edward 333333 oliver redsox player nikita knight fender barney midnight please brandy chicago
badboy slayer rangers charles angel flower bigdaddy rabbit wizard jasper enter rachel chris
steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince marine ghbdtn fishing
cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321
golden 8675309 panther lauren angela thx1138 angels madison winston shannon mike toyota jordan23
canada sophie apples tiger 1q2w3e 147258369 passw0rd p@ssw0rd p@ssword pa55word pa$$word
password1 password12 password123 password1234 password! qwerty1 qwerty12 qwerty123 qwe123
qweqwe qwertyu qwertyui 1qazxsw2 zaq12wsx zaq1zaq1 1qaz1qaz abcd1234 abcdef abcdefg abcdefgh
abc12345 1234abcd aa123456 a123456 123456a 123456q asd123 zxc123 asdasd zxczxc 123qweasd
qweasdzxc 1qaz2wsx3edc azerty azerty123 iloveyou1 iloveyou2 iloveu loveyou loveme iloveme
admin admin123 administrator root toor user guest test123 testing demo changeme default login
letmein1 welcome1 welcome123 master123 dragon123 monkey1 monkey123 shadow1 superman1 batman1
football1 baseball1 soccer1 michael1 hello123 hello1 love123 sunshine1 charlie1 freedom1
whatever1 nicole1 jessica1 ashley1 daniel1 princess1 angel1 jesus1 lovely babygirl rockyou
chocolate soccer friends butterfly liverpool bubbles hottie playboy elizabeth tinkerbell barbie
lovers teamo eminem danielle family jonathan vanessa naruto sweety spongebob softball daniela
princesa alexandra alexis jesus estrella miguel beautiful mylove poohbear sakura adrian
alexander destiny christian sayang america dancer monica carolina louise 789456 shorty nathan
gabriel cherry sandra alejandro brittany alejandra patricia tequiero dolphin antonio david
stephanie blink182 sweetie beauty honey 00000 fernando pokemon corazon cristina rainbow kisses
manuel myspace rebelde ricardo babygurl heaven 55555 greenday november alyssa 123abc mahalkita
september december mariposa maria gabriela kimberly gemini pictures jessie hellokitty claudia
babygirl1 angelica mahal mommy martinez lovelove sexy secret123 topsecret private helloworld
hellohello goodbye goodluck blessed blessing faith hope godisgood jesuschrist christ lord happy
smile pretty sweet sweetheart baby babyboy queen king kingkong superstar rockstar gangster pimp
cutie cute always dream dreams liberty usa newyork texas florida california hawaii mexico spring
autumn january february march april june july august october monday friday sunday flowers apple
lemon strawberry candy sugar pizza dollar cash gold blue red green black white pink server
system network windows linux google facebook twitter youtube yahoo hotmail gmail iphone nokia
sony dell bmw audi honda ducati nissan ford chevy jeep jaguar viper sarah charlotte emily jacob
benjamin ethan zachary tyler ryan kevin jason brian eric scott mark paul peter frank jack harry
john donald kenneth lucky buddy rocky max molly lucy daisy bella coco teddy toby jake duke bear
lion wolf eagle shark snake panda kitty kitten puppy doggie bunny turtle donkey horse pony
unicorn manchester manutd barcelona realmadrid juventus milan inter bayern celtic broncos
patriots dolphins giants jets bears bulls celtics knicks mets cubs dodgers braves chiefs 49ers
saints vikings falcons ravens colts chargers redwings canucks penguins flyers packers startrek
pikachu sasuke goku dragonball spiderman ironman avengers marvel frodo hobbit harrypotter
hogwarts minecraft fortnite roblox callofduty halo zelda mario sonic nintendo playstation xbox
xbox360 warcraft starcraft metallica nirvana slipknot linkinpark beatles elvis madonna rihanna
beyonce justinbieber onedirection mypassword mypass nopassword nothing ihateyou fuckyou fuckoff
asshole pussy fuckme 123456789a 1234567a 12345a 12345q 1234qwerty qwerty1234 qwertyuiop1
1qaz2wsx3 zxcvbnm1 zxcvbnm123 asdfgh123 asdfghjk asdfghjkl asdf1234 zxcv1234 1234asdf qweasd
qweasd123 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4t5y6 zaq1xsw2 xsw2zaq1 1qa2ws3ed qazxsw qazwsxedc
1234rewq 4321rewq abcabc abc123456 a1b2c3 a1b2c3d4 1a2b3c4d 147258 147852 147852369 741852963
963852741 123698745 789456123 456123 741852 852456 123654789 159357 357159 951753 753951 258456
trustno1! monkey12 dragon1 master1 killer1 hunter1 hunter2 tigger1 starwars1 pokemon1 naruto1
chelsea1 liverpool1 arsenal1 barcelona1 matrix1 ginger1 maggie1 buster1 jordan1 robert1
thomas1 george1 pepper1 cookie1 orange1 purple1 yellow1 summer1 winter1 flower1 butterfly1
blessed1 lovely1 family1 friends1 forever1 freedom! iloveyou! password2 password3 password7
password11 password01 passwort passwort1 motdepasse bonjour soleil doudou loulou chouchou
marseille nicolas jetaime hallo hallo123 schatz qwertz qwertzui privet parol marina1 sasha dima
maxim natasha1 123qwe123 zxcasdqwe qazwsx123 1qaz2wsx! passer bismillah allah786 pakistan india
india123 krishna ganesh omsairam sairam mahesh rajesh priya 786786 manutd1 chelsea123 football123
soccer123 baseball123 basketball hockey1 golf golfer1 fishing1 hunting guitar1 music musica
mustang1 corvette1 harley1 yamaha1 ferrari1 porsche911 bmw123 audi123 toyota1 honda1 nissan1
1234567891 12345678910 0123456789 01234567 012345 098765 0987654321 9876543210 987654321a
11223344 112233445566 121314 123123a 123321a 131313a 141414 151515 161616 171717 181818 191919
202020 212121 252525 292929 303030 313131 414141 454545 456456 456789 4567890 5201314 520520
521521 654321a 666777 686868 7654321 778899 789789 789654 789123 852963 888999 898989 909090
963258 963852 987456 998877 999888 1111111 2222222 3333333 4444444 5555555 6666666 8888888
9999999 1212 1313 2121 2323 4321 6969 7777 8888 9999 1122 1212121 123 1234561 12345678a
12345qwert 123456abc 123456789q 1q2w3e4r5 zaq123 qwaszx 1qwerty qwerty7 qwerty69 ytrewq
poiuytrewq lkjhgfdsa mnbvcxz asdfghjkl1 qwert qwert123 qwerty1! qwerty! abc1234 abcd123 abc123!
a12345 a1234567 a12345678 aa12345678 q123456 qq123456 z123456 123456z 123456b 123456c 123456s
123456m 123456d 123456k 123456t 123456aa 147147 159159 258258 369369 159951 753159 qwer1234!
sunshine! princess! letmein! welcome! admin1 admin1234 administrator1 root123 pass123 pass1234
pass1 test1 test1234 testtest temp temp123 guest123 user123 demo123 service support office
master12 computer1 internet1 samsung1 iphone1 google1 facebook1 apple123 mickey1 snoopy1
snoopy123 scooby1 garfield simpsons homer bart spongebob1 pokemon123 yugioh digimon
chicken1 chocolate1 cheese1 banana1 peanut1 pepper123 cookie123 sugar1 candy1 honey1 angel123
angels1 heaven1 jesus123 jesusloves blessed123 god godislove christ1 trinity matrix123 neo morpheus
shadow123 dragons dragon12 phoenix1 tiger1 tigers1 panther1 wolf1 wolves eagle1 eagles1 falcon1
hawk hawks lion1 lions shark1 sharks bear1 bears1 bulldog1 bulldogs cowboys1 raiders1 steelers1
yankees1 redsox1 lakers1 ranger1 rangers1 hockey123 slipknot1 metallica1 nirvana1 eminem1
letmein123 trustme trustno1trustno1 whatever! nothing1 secret1 secret! private1 access1
access14 abc abcd abcde qwer asdf zxcv aaa aaaa aaaaa 1q2w 1qaz !qaz2wsx !qaz@wsx 1qaz@wsx
1qaz!qaz zaq!2wsx
`;

// Brazilian Portuguese: senhas, futebol, família, fé, amor, nomes.
const PORTUGUESE = `
senha senha123 senha1 senha12 senha1234 senha@123 senha01 minhasenha novasenha senhasenha
mudar123 mudar mudar@123 mudarsenha trocar123 trocar alterar123 alterar acesso acesso123
bemvindo bemvinda bemvindo1 brasil brasil123 brasil2014 brasil10 brasileiro brasileira
flamengo flamengo1 flamengo123 mengao mengo urubu corinthians corinthians1 corinthians123
timao vaitimao palmeiras palmeiras1 verdao porco saopaulo saopaulo1 tricolor spfc gremio
gremio1 imortal vasco vasco1 vascodagama santos santos1 peixe cruzeiro internacional inter1
colorado botafogo fogao fluminense flu atletico galo atleticomg bahia vitoria sport sportrecife
fortaleza ceara coritiba parana goias avai figueirense pontepreta guarani americamg chapecoense
neymar pele ronaldo ronaldinho romario kaka zico mesa amor amor123 amor1 amormeu amorzinho
meuamor meuamor1 teamo teamo123 teamomuito euteamo teadoro amoreterno amorproprio amo amoamor
jesus jesus123 jesuscristo jesusteama jesuseosenhor jesusmeuamor deus deus123 deusefiel deuseamor
deuseomeupastor deusebom deuseamigo deusnocontrole fe fenodeus graca gratidao aleluia senhor
familia familia1 familia123 felicidade feliz saudade saudades esperanca liberdade sucesso
vitoria1 paz pazeamor alegria beleza estrela estrela1 florzinha flor princesa princesa1
princesinha gatinha gatinho gatinha1 gatinho1 gata gato lindinha lindo linda linda123 fofinha
fofinho bebe bebezinho neném nenem docinho moreno morena loira loirinha gostosa gostoso
minhavida vidaloka vida vida123 naosei seila esqueci esquecisenha qualquer qualquercoisa
nada nenhuma oi ola oiola tchau obrigado obrigada boanoite bomdia boatarde segredo segredo123
123mudar abc123456 102030 10203040 1020304050 102030405060 123456789mudar 123senha abcd123456
joao maria jose ana pedro lucas gabriel rafael mateus matheus juliana fernanda camila amanda1
leticia beatriz larissa carla patricia1 marcelo rodrigo leonardo gustavo eduardo felipe thiago
tiago bruno diego paulo carlos ricardo1 andre fabio marcos vinicius guilherme henrique
joaopedro joaovitor anaclara mariaeduarda mariaclara mariana bianca vitoria123 isabela
isabella julia giovanna rafaela natalia adriana luciana renata vanessa1 aline priscila
tatiana sabrina jessica123 raquel sandra1 simone sonia vera rosa claudia1 marcia marta antonio
francisco sebastiao raimundo manoel manuel1 benedito severino luiz luis fernando1 roberto
sergio jorge daniel123 samuel davi miguel1 arthur heitor bernardo lorenzo enzo valentina
sophia alice laura helena cecilia benfica sporting porto portugal lisboa saopaulo123 riodejaneiro
rio salvador recife curitiba bahia123 minas minasgerais goiania brasilia manaus belem nordeste
caralho porra buceta cuzao viado puta merda foda-se fodase idiota otario babaca cachorro
cachorrinho cachorra cavalo macaco leao tigre pantera aguia borboleta chocolate123 morango
brigadeiro pudim cerveja cachaca futebol futebol1 bola gol goleiro campeao vencedor guerreiro
guerreira lutador forte forca poder amizade amigo amiga amigos irmao irma mae pai mamae papai
vovo vovó filho filha meufilho minhafilha meusfilhos casa escola trabalho computador internet1
celular notebook samsung123 teste teste123 testando usuario usuario1 administrador admin@123
`;

// Spanish: contraseñas, fútbol, amor, familia, nombres.
const SPANISH = `
contraseña contrasena contraseña1 contrasena1 contraseña123 contrasena123 micontraseña
micontrasena clave clave123 miclave secreto secreto1 hola hola123 hola1234 holahola holamundo
adios futbol futbol1 futbol10 futbolista boca bocajuniors boca123 bocabocaboca river riverplate
river123 millonarios racing independiente sanlorenzo velez huracan estudiantes rosario newells
barcelona1 barca realmadrid1 madrid madridista atletico1 atleticodemadrid sevilla valencia betis
athletic chivas chivas1 chivasrayadas cruzazul pumas pumasunam tigres rayados monterrey
america1 aguilas toluca santoslaguna pachuca tijuana nacional atleticonacional millonarios1
colocolo universidad alianzalima universitario cristal penarol messi messi10 maradona diego10
cristiano cr7 ronaldo7 neymar10 amor1234 amormio miamor miamor1 mivida mividaeres corazon1
corazones teamo1 teamomucho teamomas tequieromucho tequiero1 teextraño teextrano teadoro1
tqm tkm tqmucho amorcito mishijos mihijo mihija hijos familia1234 mifamilia mamá mama mamita
papa papito papi mami bebe123 bebito bebita chiquita chiquito bonita bonito hermosa hermoso
preciosa precioso linda1 lindo1 guapa guapo cariño carino cariñito princesa123 princesita
reina rey angelito angelita angel123 estrellita lucero luna sol solecito cielo cielito mariposa1
florecita rosita dios dios123 diosesamor diosesfiel diosmio diosteama gracias graciasdios
bendicion bendiciones milagro aleluya jesucristo cristo virgen guadalupe esperanza paz123
libertad soloyo yomismo nose nosenose nosé nada123 cualquiera ninguna nadie olvide olvidé
argentina argentina1 mexico1 mexico123 colombia colombia1 peru peru123 chile chile123
venezuela venezuela1 ecuador bolivia uruguay paraguay cuba honduras guatemala salvador1
nicaragua costarica panama puertorico dominicana españa espana espana1 espana123 madrid123
barcelona123 bogota medellin cali lima santiago caracas quito buenosaires cordoba guadalajara
alejandro1 alejandra1 fernanda gonzalo sebastian sebastian1 valentina1 camila1 daniela1
gabriela1 carolina1 javier francisco1 jorge1 luis1 juan juan123 juancarlos juanjose juanpablo
pablo sergio1 raul pedro1 jose1 josé josefina jesus12 maria123 mariajose mariafernanda
marisol martina lucia sofia sofia123 isabel paola andrea1 natalia1 lorena veronica silvia
monica1 adriana1 diana diana123 karina karla yesenia guadalupe1 lupita rocio pilar carmen dolores
miguel123 angel12 carlos1 carlos123 antonio1 manuel123 ricardo123 roberto1 eduardo1 alberto
ramon rafael1 enrique victor hector oscar arturo armando cesar mario1 marcos1 diego1 tomas
ignacio nicolas1 matias mateo santiago1 benjamin1 agustin emiliano leonardo1 cristian
perro perrito perrita gato123 gatito gatita conejo osito osita leon tigre1 lobo aguila pantera1
mariposita chocolate12 dulce dulces azucar caramelo galleta fresa manzana naranja limon
pizza123 cerveza tequila mezcal fiesta musica1 cancion guitarra baile bailar salsa reggaeton
cumbia rock rockero metalero punk tango flamenco torero toro caballo burro mono monito
vamos vamosboca vamosriver ganador campeon campeones guerrero fuerte fuerza poder123 amigo
amigos amiga amistad hermano hermana hermanos abuela abuelo tio tia primo prima novia novio
esposa esposo casa123 escuela trabajo computadora internet123 celular123 telefono usuario123
administrador1 prueba prueba123 pruebas qwerty12345 asdasd123 hijodeputa pendejo cabron
chingada chingon gilipollas joder coño mierda puto puta123 maricon culero
`;

/** Keyboard rows and walks; prefixes of 6+ characters are generated below. */
const KEYBOARD_WALKS = [
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'poiuytrewq',
  'lkjhgfdsa',
  'mnbvcxz',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
  'qwertzuiop',
  'yxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn',
  'zaq1xsw2cde3vfr4bgt5',
  '1q2w3e4r5t6y7u8i9o0p',
  'q1w2e3r4t5y6u7i8o9p0',
  'qazwsxedcrfvtgbyhn',
  'qweasdzxc',
  '1qazxsw23edcvfr4',
  '!qaz@wsx#edc$rfv',
  'qwerasdfzxcv',
  '1234qwerasdfzxcv',
  'qwer1234asdf',
];

/** Chunks commonly typed over and over: "12341234", "hahahaha", "lovelove". */
const REPEATED_CHUNKS = [
  '12', '123', '1234', '12345', '123456', '21', '321', '4321', '54321', '01', '69', '007', '147', '159', '258',
  '369', '753', '789', 'abc', 'qwe', 'asd', 'zxc', 'qaz', 'a1', 'q1', '1q', 'ab', 'ha', 'he', 'hi', 'jk', 'la',
  'xo', 'love', 'amor', 'kiss', 'baby', 'pass', 'test', 'asdf', 'qwer', 'zxcv', 'senha', 'hola',
];

/** Passwords people "strengthen" with a suffix: "password1", "qwerty123!", "senha@2024". */
const SUFFIXED_BASES = [
  'password', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'qwerty', 'qwertyuiop', 'iloveyou', 'welcome', 'admin',
  'letmein', 'monkey', 'dragon', 'abc', 'abc123', 'abcd', 'master', 'shadow', 'sunshine', 'princess', 'football',
  'baseball', 'superman', 'batman', 'trustno1', 'michael', 'love', 'hello', 'test', 'pass', 'user', 'login',
  'asdf', 'zxcvbnm', '1qaz2wsx', '1q2w3e4r', 'q1w2e3r4', 'senha', 'mudar', 'trocar', 'acesso', 'brasil',
  'teamo', 'amor', 'jesus', 'deus', 'flamengo', 'corinthians', 'palmeiras', 'gremio', 'santos', 'vasco',
  'contrasena', 'contraseña', 'clave', 'hola', 'futbol', 'boca', 'river', 'mexico', 'argentina', 'colombia',
];
const SUFFIXES = ['', '1', '12', '123', '1234', '12345', '123456', '!', '1!', '12!', '123!', '@123', '#123', '@1', '01', '69', '007'];
for (let year = 1990; year <= 2030; year++) SUFFIXES.push(String(year), `@${year}`);

function generatedPasswords(): string[] {
  const out: string[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  // Repeated characters: 1111, 11111111, 000000000000, aaaaaaaa.
  for (const ch of `0123456789${letters}`) {
    for (let length = ch <= '9' ? 4 : 6; length <= 12; length++) out.push(ch.repeat(length));
  }
  // Digit runs up and down: 1234, 12345678, 23456789, 0987654321, 876543210.
  for (const run of ['01234567890', '09876543210']) {
    for (let start = 0; start < run.length; start++) {
      for (let end = start + 4; end <= run.length; end++) out.push(run.slice(start, end));
    }
  }
  // Repeated chunks up to 12 characters: 12121212, 123123123, 12341234, hahahaha.
  for (const chunk of REPEATED_CHUNKS) {
    for (let times = 2; chunk.length * times <= 12; times++) {
      if (chunk.length * times >= 6) out.push(chunk.repeat(times));
    }
  }
  // Keyboard walks, every prefix of 6+ characters: qwerty, qwertyui, asdfghjk, 1q2w3e4r5t.
  for (const walk of KEYBOARD_WALKS) {
    for (let length = 6; length <= walk.length; length++) out.push(walk.slice(0, length));
  }
  // Famous words with the usual suffixes.
  for (const base of SUFFIXED_BASES) for (const suffix of SUFFIXES) out.push(base + suffix);
  // Years: 1950 … 2030.
  for (let year = 1950; year <= 2030; year++) out.push(String(year));
  return out;
}

const words = (list: string) => list.split(/\s+/).filter((word) => word.length > 0);

/** Lower-case common passwords; look up `password.trim().toLowerCase()`. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  ...words(WORLDWIDE),
  ...words(PORTUGUESE),
  ...words(SPANISH),
  ...generatedPasswords(),
]);
