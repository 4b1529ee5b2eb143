Y vió Dios todo lo que había hecho, y he aquí que era bueno en gran manera. Y fué la tarde y la mañana el día sexto.
Y había Jehová Dios hecho nacer de la tierra todo árbol delicioso á la vista, y bueno para comer: también el árbol de vida en medio del huerto, y el árbol de ciencia del bien y del mal.
Si siete veces será vengado Caín, Lamech en verdad setenta veces siete lo será.
Y vivió Jared ciento sesenta y dos años, y engendró á Henoch.
Y fué el término de los Cananeos desde Sidón, viniendo á Gerar hasta Gaza, hasta entrar en Sodoma y Gomorra, Adma, y Zeboim hasta Lasa.
Y á Obal, y á Abimael, y á Seba,
Y pasóse de allí á un monte al oriente de Bethel, y tendió su tienda, teniendo á Bethel al occidente y Hai al oriente: y edificó allí altar á Jehová, é invocó el nombre de Jehová.
SUBIÓ, pues, Abram de Egipto hacia el Mediodía, él, y su mujer, con todo lo que tenía, y con él Lot.
Y salió el rey de Sodoma, y el rey de Gomorra, y el rey de Adma, y el rey de Zeboim, y el rey de Bela, que es Zoar, y ordenaron contra ellos batalla en el valle de Siddim;
Y salió el rey de Sodoma á recibirlo, cuando volvía de la derrota de Chêdorlaomer y de los reyes que con él estaban, al valle de Shave, que es el valle del Rey.
Y díjole: Yo soy Jehová, que te saqué de Ur de los Caldeos, para darte á heredar esta tierra.
Así fué que, cuando destruyó Dios las ciudades de la llanura, acordóse Dios de Abraham, y envió fuera á Lot de en medio de la destrucción, al asolar las ciudades donde Lot estaba.
Y díjole Dios en sueños: Yo también sé que con integridad de tu corazón has hecho esto; y yo también te detuve de pecar contra mí, y así no te permití que la tocases.
Y tomó Abraham ovejas y vacas, y dió á Abimelech; é hicieron ambos alianza.
Entonces alzó Abraham sus ojos, y miró, y he aquí un carnero á sus espaldas trabado en un zarzal por sus cuernos: y fué Abraham, y tomó el carnero, y ofrecióle en holocausto en lugar de su hijo.
Y murió Sara en Kiriath-arba, que es Hebrón, en la tierra de Canaán: y vino Abraham á hacer el duelo á Sara, y á llorarla.
Y la moza era de muy hermoso aspecto, virgen, á la que varón no había conocido; la cual descendió á la fuente, y llenó su cántaro, y se volvía.
Y la moza corrió, é hizo saber en casa de su madre estas cosas.
Porque había preguntado al criado: ¿Quién es este varón que viene por el campo hacia nosotros? Y el siervo había respondido: Este es mi señor. Ella entonces tomó el velo, y cubrióse.
Entonces dijo Esaú: He aquí yo me voy á morir; ¿para qué, pues, me servirá la primogenitura?
Y ACONTECIÓ que cuando hubo Isaac envejecido, y sus ojos se ofuscaron quedando sin vista, llamó á Esaú, su hijo el mayor, y díjole: Mi hijo. Y él respondió: Heme aquí.
Entonces se levantó Jacob, y subió sus hijos y sus mujeres sobre los camellos.
Toma, te ruego, mi dádiva que te es traída; porque Dios me ha hecho merced, y todo lo que hay aquí es mío. Y porfió con él, y tomóla.
Pase ahora mi señor delante de su siervo, y yo me iré poco á poco al paso de la hacienda que va delante de mí, y al paso de los niños, hasta que llegue á mi señor á Seir.
Y obedecieron á Hamor y á Sichêm su hijo todos los que salían por la puerta de la ciudad, y circuncidaron á todo varón, á cuantos salían por la puerta de su ciudad.
Y Esaú habitó en el monte de Seir: Esaú es Edom.
Entonces Judá los reconoció, y dijo: Más justa es que yo, por cuanto no la he dado á Sela mi hijo. Y nunca más la conoció.
Y dejó todo lo que tenía en mano de José; ni con él sabía de nada más que del pan que comía. Y era José de hermoso semblante y bella presencia.
Entonces le habló ella semejantes palabras, diciendo: El siervo Hebreo que nos trajiste, vino á mí para deshonrarme;
Y él preguntó á aquellos eunucos de Faraón, que estaban con él en la prisión de la casa de su señor, diciendo: ¿Por qué parecen hoy mal vuestros semblantes?
Y fué el tercero día el día del nacimiento de Faraón, é hizo banquete á todos sus sirvientes: y alzó la cabeza del principal de los coperos, y la cabeza del principal de los panaderos, entre sus servidores.
Y entraban en sus entrañas, mas no se conocía que hubiesen entrado en ellas, porque su parecer era aún malo, como de primero. Y yo desperté.
Y él dijo: No descenderá mi hijo con vosotros; que su hermano es muerto, y él solo ha quedado: y si le aconteciere algún desastre en el camino por donde vais, haréis descender mis canas con dolor á la sepultura.
Y vino José á casa, y ellos le trajeron el presente que tenían en su mano dentro de casa, é inclináronse á él hasta tierra.
Y él tomó viandas de delante de sí para ellos; mas la porción de Benjamín era cinco veces como cualquiera de las de ellos. Y bebieron, y alegráronse con él.
Entonces dijo José á sus hermanos: Llegaos ahora á mí. Y ellos se llegaron. Y él dijo: Yo soy José vuestro hermano el que vendisteis para Egipto.
Haréis pues saber á mi padre toda mi gloria en Egipto, y todo lo que habéis visto: y daos priesa, y traed á mi padre acá.
Entonces Israel dijo á José: Muera yo ahora, ya que he visto tu rostro, pues aun vives.
Y será que de los frutos daréis el quinto á Faraón, y las cuatro partes serán vuestras para sembrar las tierras, y para vuestro mantenimiento, y de los que están en vuestras casas, y para que coman vuestros niños.
Porque cuando yo venía de Padan-aram, se me murió Rachêl en la tierra de Canaán, en el camino, como media legua de tierra viniendo á Ephrata; y sepultéla allí en el camino de Ephrata, que es Bethlehem.
El pan de Aser será grueso, y él dará deleites al rey.
Ahora, pues, seamos sabios para con él, porque no se multiplique, y acontezca que viniendo guerra, él también se junte con nuestros enemigos, y pelee contra nosotros, y se vaya de la tierra.
Y amargaron su vida con dura servidumbre, en hacer barro y ladrillo, y en toda labor del campo, y en todo su servicio, al cual los obligaban con rigorismo.
Entonces llamó también Faraón sabios y encantadores; é hicieron también lo mismo los encantadores de Egipto con sus encantamientos;
Y Jehová lo hizo así: que vino toda suerte de moscas molestísimas sobre la casa de Faraón, y sobre las casas de sus siervos, y sobre todo el país de Egipto; y la tierra fué corrompida á causa de ellas.
Y contarás en aquel día á tu hijo, diciendo: Hácese esto con motivo de lo que Jehová hizo conmigo cuando me sacó de Egipto.
Jehová peleará por vosotros, y vosotros estaréis quedos.
Y á la mañana veréis la gloria de Jehová; porque él ha oído vuestras murmuraciones contra Jehová; que nosotros, ¿qué somos, para que vosotros murmuréis contra nosotros?
Y un gomer es la décima parte del epha.
Y el otro se llamaba Eliezer, porque dijo, El Dios de mi padre me ayudó, y me libró del cuchillo de Faraón.
Los cuales juzgarán al pueblo en todo tiempo; y será que todo negocio grave lo traerán á ti, y ellos juzgarán todo negocio pequeño: alivia así la carga de sobre ti, y llevarla han ellos contigo.
Y descendió Jehová sobre el monte de Sinaí, sobre la cumbre del monte: y llamó Jehová á Moisés á la cumbre del monte, y Moisés subió.
No tendrás dioses ajenos delante de mí.
Y levantóse Moisés, y Josué su ministro; y Moisés subió al monte de Dios.
Aceite para la luminaria, especias para el aceite de la unción, y para el sahumerio aromático;
Y le harás cuatro anillos de oro, los cuales pondrás á las cuatro esquinas que corresponden á sus cuatro pies.
Y alzarás el tabernáculo conforme á su traza que te fué mostrada en el monte.
Y serán aquellas piedras según los nombres de los hijos de Israel, doce según sus nombres; como grabaduras de sello cada una con su nombre, vendrán á ser según las doce tribus.
Y tomarás las vestiduras, y vestirás á Aarón la túnica y el manto del ephod, y el ephod, y el racional, y le ceñirás con el cinto del ephod;
Y tomarás el aceite de la unción, y derramarás sobre su cabeza, y le ungirás.
Y tomarás de los hijos de Israel el dinero de las expiaciones, y lo darás para la obra del tabernáculo del testimonio: y será por memoria á los hijos de Israel delante de Jehová, para expiar vuestras personas.
Púsose Moisés á la puerta del real, y dijo: ¿Quién es de Jehová? júntese conmigo. Y juntáronse con él todos los hijos de Leví.
Entonces Moisés, apresurándose, bajó la cabeza hacia el suelo y encorvóse;
Mas derribaréis sus altares, y quebraréis sus estatuas, y talaréis sus bosques:
Tres veces en el año será visto todo varón tuyo delante del Señoreador Jehová, Dios de Israel.
La mesa, y sus varas, y todos sus vasos, y el pan de la proposición.
Y salió toda la congregación de los hijos de Israel de delante de Moisés.
Y para él hizo cuatro columnas de madera de Sittim; y cubriólas de oro, los capiteles de las cuales eran de oro; é hizo para ellas cuatro basas de plata de fundición.
Hizo también cuatro anillos de fundición á los cuatro cabos del enrejado de metal, para meter las varas.
Y así en el día primero del primer mes, en el segundo año, el tabernáculo fué erigido.
Habla á los hijos de Israel, diciendo: Cuando alguna persona pecare por yerro en alguno de los mandamientos de Jehová sobre cosas que no se han de hacer, y obrare contra alguno de ellos;
Y tomará el sacerdote con su dedo de la sangre de la expiación, y pondrá sobre los cuernos del altar del holocausto, y derramará la sangre al pie del altar del holocausto:
Y esta es la ley del sacrificio de las paces, que se ofrecerá á Jehová:
Después hizo llegar el otro carnero, el carnero de las consagraciones, y Aarón y sus hijos pusieron sus manos sobre la cabeza del carnero:
Y Moisés dijo á Aarón, y á Eleazar y á Ithamar, sus hijos que habían quedado: Tomad el presente que queda de las ofrendas encendidas á Jehová, y comedlo sin levadura junto al altar, porque es cosa muy santa.
Y el que comiere de su cuerpo muerto, lavará sus vestidos, y será inmundo hasta la tarde: asimismo el que sacare su cuerpo muerto, lavará sus vestidos, y será inmundo hasta la tarde.
Y si el sacerdote la considerare, y no pareciere en ella pelo blanco, ni estuviere más baja que la piel, sino oscura, entonces el sacerdote lo encerrará por siete días:
Y el leproso en quien hubiere llaga, sus vestidos serán deshechos y su cabeza descubierta, y embozado pregonará: ¡Inmundo! ¡inmundo!
Y al séptimo día mirará la plaga: y si hubiere cundido la plaga en el vestido, ó estambre, ó en la trama, ó en piel, ó en cualquiera obra que se hace de pieles, lepra roedora es la plaga; inmunda será.
Y cualquiera que entrare en aquella casa todos los días que la mandó cerrar, será inmundo hasta la tarde.
Entonces tomará para limpiar la casa dos avecillas, y palo de cedro, y grana, é hisopo:
Santificaos, pues, y sed santos, porque yo Jehová soy vuestro Dios.
Ninguna obra haréis en este mismo día; porque es día de expiaciones, para reconciliaros delante de Jehová vuestro Dios.
En cabañas habitaréis siete días: todo natural de Israel habitará en cabañas;
Entonces saldrá de contigo, él y sus hijos consigo, y volverá á su familia, y á la posesión de sus padres se restituirá.
Y pondré vuestras ciudades en desierto, y asolaré vuestros santuarios, y no oleré la fragancia de vuestro suave perfume.
Solamente no contarás la tribu de Leví, ni tomarás la cuenta de ellos entre los hijos de Israel:
La bandera del ejército de Rubén al mediodía, por sus escuadrones: y el jefe de los hijos de Rubén, Elisur hijo de Sedeur;
De Merari, la familia Mahalítica, y la familia Musítica: estas son las familias de Merari.
Y el jefe de la casa del padre de las familias de Merari, Suriel hijo de Abihail: acamparán al lado del tabernáculo, al aquilón.
Empero al cargo de Eleazar, hijo de Aarón el sacerdote, estará el aceite de la luminaria, y el perfume aromático, y el presente continuo, y el aceite de la unción; el cargo de todo el tabernáculo, y de todo lo que está en él, en el santuario, y en sus vasos.
Dos carros y cuatro bueyes, dió á los hijos de Gersón, conforme á su ministerio;
Un macho cabrío para expiación;
El séptimo día, el príncipe de los hijos de Ephraim, Elisama hijo de Ammiud:
Un becerro, un carnero, un cordero de un año para holocausto;
Y corrió un mozo, y dió aviso á Moisés, y dijo: Eldad y Medad profetizan en el campo.
Ahora, pues, yo te ruego que sea magnificada la fortaleza del Señor, como lo hablaste, diciendo:
Ahora bien, el Amalecita y el Cananeo habitan en el valle; volveos mañana, y partíos al desierto, camino del mar Bermejo.
Por cuanto tuvo en poco la palabra de Jehová, y dió por nulo su mandamiento, enteramente será cortada la tal persona: su iniquidad será sobre ella.
Y Jehová dijo á Moisés: Irremisiblemente muera aquel hombre; apedréelo con piedras toda la congregación fuera del campo.
Y el sacerdote Eleazar tomó los incensarios de metal con que los quemados habían ofrecido; y extendiéronlos para cubrir el altar,
Y Jehová dijo á Moisés: Vuelve la vara de Aarón delante del testimonio, para que se guarde por señal á los hijos rebeldes; y harás cesar sus quejas de sobre mí, porque no mueran.
Cómo nuestros padres descendieron á Egipto, y estuvimos en Egipto largo tiempo, y los Egipcios nos maltrataron, y á nuestros padres;
Y los hijos de Israel dijeron: Por el camino seguido iremos; y si bebiéremos tus aguas yo y mis ganados, daré el precio de ellas: ciertamente sin hacer otra cosa, pasaré de seguida.
Y partidos de Oboth, asentaron en Ije-abarim, en el desierto que está delante de Moab, al nacimiento del sol.
Y el ángel de Jehová pasó más allá, y púsose en una angostura, donde no había camino para apartarse ni á diestra ni á siniestra.
Y Balaam respondió, y dijo á Balac: ¿No te he dicho que todo lo que Jehová me dijere, aquello tengo de hacer?
Y viendo al Cineo, tomó su parábola, y dijo: Fuerte es tu habitación, pon en la peña tu nido:
De Hesrón, la familia de los Hesronitas; de Carmi, la familia de los Carmitas.
Los hijos de Nephtalí por sus familias: de Jahzeel, la familia de los Jahzeelitas; de Guni, la familia de los Gunitas;
Y les dirás: Esta es la ofrenda encendida que ofreceréis á Jehová: dos corderos sin tacha de un año, cada un día, será el holocausto continuo.
Con cada uno de los siete corderos ofreceréis una décima;
Recibieron, pues, Moisés y el sacerdote Eleazar, el oro de los tribunos y centuriones, y trajéronlo al tabernáculo del testimonio, por memoria de los hijos de Israel delante de Jehová.
Ataroth, y Dibón, y Jazer, y Nimra, y Hesbón, y Eleale, y Sabán, y Nebo, y Beón,
Por tanto, dijeron, si hallamos gracia en tus ojos, dése esta tierra á tus siervos en heredad, y no nos hagas pasar el Jordán.
Compraréis de ellos por dinero las viandas, y comeréis; y también compraréis de ellos el agua, y beberéis:
Y en Seir habitaron antes los Horeos, á los cuales echaron los hijos de Esaú; y los destruyeron de delante de sí, y moraron en lugar de ellos; como hizo Israel en la tierra de su posesión que les dió Jehová.)
Como hizo con los hijos de Esaú, que habitaban en Seir, de delante de los cuales destruyó á los Horeos; y ellos les sucedieron, y habitaron en su lugar hasta hoy.
Cuando hubiereis engendrado hijos y nietos, y hubiereis envejecido en la tierra, y os corrompiereis, é hiciereis escultura ó imagen de cualquier cosa, é hiciereis mal en ojos de Jehová vuestro Dios, para enojarlo;
Y mandónos Jehová que ejecutásemos todos estos estatutos, y que temamos á Jehová nuestro Dios, porque nos vaya bien todos los días, y para que nos dé vida, como hoy.
¿Y quién se ha desposado con mujer, y no la ha tomado? Vaya, y vuélvase á su casa, porque quizá no muera en la batalla, y algún otro la tome.
No entrará bastardo en la congregación de Jehová: ni aun en la décima generación entrará en la congregación de Jehová.
No torcerás el derecho del peregrino y del huérfano; ni tomarás por prenda la ropa de la viuda:
Y edificarás allí altar á Jehová tu Dios, altar de piedras: no alzarás sobre ellas hierro.
Maldito el que se echare con su hermana, hija de su padre, ó hija de su madre. Y dirá todo el pueblo: Amén.
Y quedaréis en poca gente, en lugar de haber sido como las estrellas del cielo en multitud; por cuanto no obedeciste á la voz de Jehová tu Dios.
Porque son gente de perdidos consejos, y no hay en ellos entendimiento.
Y cuando tocaren prolongadamente el cuerno de carnero, así que oyereis el sonido de la bocina, todo el pueblo gritará á gran voz, y el muro de la ciudad caerá debajo de sí: entonces el pueblo subirá cada uno en derecho de sí.
Y después de esto Josué los hirió y los mató, é hízolos colgar en cinco maderos: y quedaron colgados en los maderos hasta la tarde.
Tomó, pues, Josué toda la tierra, conforme á todo lo que Jehová había dicho á Moisés; y entrególa Josué á los Israelitas por herencia, conforme á sus repartimientos de sus tribus: y la tierra reposó de guerra.
Y Galaad, y los términos de Gessuri y de Maachâti, y todo el monte de Hermón, y toda la tierra de Basán hasta Salchâ:
El término de ellos fué desde Mahanaim, todo Basán, todo el reino de Og rey de Basán, y todas las aldeas de Jair que están en Basán, sesenta poblaciones.
Esta es la heredad de la tribu de los hijos de Aser por sus familias; estas ciudades con sus aldeas.
Y faltóles término á los hijos de Dan; y subieron los hijos de Dan y combatieron á Lesem, y tomándola metiéronla á filo de espada, y la poseyeron, y habitaron en ella; y llamaron á Lesem, Dan, del nombre de Dan su padre.
También á la media tribu de Manasés había dado Moisés posesión en Basán; mas á la otra media dió Josué heredad entre sus hermanos de estotra parte del Jordán al occidente: y también á éstos envió Josué á sus tiendas, después de haberlos bendecido.
Entonces los hijos de Rubén y los hijos de Gad, y la media tribu de Manasés, respondieron y dijeron á los principales de la multitud de Israel:
Mas Adoni-bezec huyó; y siguiéronle, y prendiéronle, y cortáronle los pulgares de las manos y de los pies.
Mas él se volvió desde los ídolos que están en Gilgal, y dijo: Rey, una palabra secreta tengo que decirte. El entonces dijo: Calla. Y saliéronse de con él todos los que delante de él estaban.
Cuando saliste de Seir, oh Jehová, cuando te apartaste del campo de Edom, la tierra tembló, y los cielos destilaron, y las nubes gotearon aguas.
Así perezcan todos tus enemigos, oh Jehová: mas los que le aman, sean como el sol cuando nace en su fuerza. Y la tierra reposó cuarenta años.
MAS los hijos de Israel hicieron lo malo en los ojos de Jehová; y Jehová los entregó en las manos de Madián por siete años.
Pues como los de Israel habían sembrado, subían los Madianitas, y Amalecitas, y los orientales: subían contra ellos;
Mas Gedeón dijo á Dios: No se encienda tu ira contra mí, si aun hablare esta vez: solamente probaré ahora otra vez con el vellón. Ruégote que la sequedad sea sólo en el vellón, y el rocío sobre la tierra.
Y Madián, y Amalec, y todos los orientales, estaban tendidos en el valle como langostas en muchedumbre, y sus camellos eran innumerables, como la arena que está á la ribera de la mar en multitud.
Y hablaron por él los hermanos de su madre á oídos de todos los de Sichêm todas estas palabras: y el corazón de ellos se inclinó en favor de Abimelech, porque decían: Nuestro hermano es.
Mas Gaal tornó á hablar, y dijo: He allí pueblo que desciende por medio de la tierra, y un escuadrón viene camino de la campiña de Meonenim.
Como oyeron esto todos los que estaban en la torre de Sichêm, entráronse en la fortaleza del templo del dios Berith.
Y dijeron los Filisteos: ¿Quién hizo esto? Y fuéles dicho: Samsón, el yerno del Timnateo, porque le quitó su mujer y la dió á su compañero. Y vinieron los Filisteos, y quemaron á fuego á ella y á su padre.
Entonces Samsón les dijo: ¿Así lo habíais de hacer? mas yo me vengaré de vosotros, y después cesaré.
Mas reanimándose el pueblo, los varones de Israel tornaron á ordenar la batalla en el mismo lugar donde la habían ordenado el primer día.
Y díjole su suegra: ¿Dónde has espigado hoy? ¿y dónde has trabajado? bendito sea el que te ha reconocido. Y ella declaró á su suegra lo que le había acontecido con aquél, y dijo: El nombre del varón con quien hoy he trabajado es Booz.
Y aconteció, que á la media noche se estremeció aquel hombre, y palpó: y he aquí, la mujer que estaba acostada á sus pies.
Y será que el que hubiere quedado en tu casa, vendrá á postrársele por un dinero de plata y un bocado de pan, diciéndole: Ruégote que me constituyas en algún ministerio, para que coma un bocado de pan.
Y Samuel estuvo acostado hasta la mañana, y abrió las puertas de la casa de Jehová. Y Samuel temía descubrir la visión á Eli.
Y descontentó á Samuel esta palabra que dijeron: Danos rey que nos juzgue. Y Samuel oró á Jehová.
(Antiguamente en Israel cualquiera que iba á consultar á Dios, decía así: Venid y vamos hasta el vidente: porque el que ahora se llama profeta, antiguamente era llamado vidente).
Y de las asnas que se te perdieron hoy ha tres días, pierde cuidado de ellas, porque se han hallado. Mas ¿por quién es todo el deseo de Israel, sino por ti y por toda la casa de tu padre?
Esperad aún ahora, y mirad esta gran cosa que Jehová hará delante de vuestros ojos.
Mas los hombres de Israel, viéndose puestos en estrecho, (porque el pueblo estaba en aprieto), escondióse el pueblo en cuevas, en fosos, en peñascos, en rocas y en cisternas.
Empero Jonathán no había oído cuando su padre conjuró al pueblo, y alargó la punta de una vara que traía en su mano, y mojóla en un panal de miel, y llegó su mano á su boca; y sus ojos fueron aclarados.
Y volvió Samuel tras Saúl, y adoró Saúl á Jehová.
Envió pues por él, é introdújolo; el cual era rubio, de hermoso parecer y de bello aspecto. Entonces Jehová dijo: Levántate y úngelo, que éste es.
Y David respondió á Saúl: Tu siervo era pastor en las ovejas de su padre, y venía un león, ó un oso, y tomaba algún cordero de la manada,
Y David consultó á Jehová, diciendo: ¿Seguiré esta tropa? ¿podréla alcanzar? Y él le dijo: Síguela, que de cierto la alcanzarás, y sin falta librarás la presa.
Y él me volvió á decir: Yo te ruego que te pongas sobre mí, y me mates, porque me toman angustias, y toda mi alma está aún en mí.
Y endechó David á Saúl y á Jonathán su hijo con esta endecha.
Trasladando el reino de la casa de Saúl, y confirmando el trono de David sobre Israel y sobre Judá, desde Dan hasta Beer-sebah.
Y tomó David de ellos mil y setecientos de á caballo, y veinte mil hombres de á pie; y desjarretó David los caballos de todos los carros, excepto cien carros de ellos que dejó.
Y fué el mensajero, y llegando, contó á David todas las cosas á que Joab le había enviado.
Y entrando al rey, habla con él de esta manera. Y puso Joab las palabras en su boca.
Y que yo he venido ahora para decir esto al rey mi señor, es porque el pueblo me ha puesto miedo. Mas tu sierva dijo: Hablaré ahora al rey: quizá él hará lo que su sierva diga.
Pues el rey oirá, para librar á su sierva de mano del hombre que me quiere raer á mí, y á mi hijo juntamente, de la heredad de Dios.
Y Naciéronle á Absalom tres hijos, y una hija que se llamó Thamar, la cual era hermosa de ver.
Y echando piedras contra David, y contra todos los siervos del rey David: y todo el pueblo, y todos los hombres valientes estaban á su diestra y á su siniestra.
¿Y á quién había yo de servir? ¿no es á su hijo? Como he servido delante de tu padre, así seré delante de ti.
Asimismo diréis á Amasa: ¿No eres tú también hueso mío y carne mía? Así me haga Dios, y así me añada, si no fueres general del ejército delante de mí para siempre, en lugar de Joab.
Y Semei hijo de Gera, hijo de Benjamín, que era de Bahurim, dióse priesa á venir con los hombres de Judá á recibir al rey David;
Puso tinieblas alrededor de sí á modo de pabellones; aguas negras y espesas nubes.
Yo los desmenuzaré como polvo de la tierra; hollarélos como á lodo de las plazas, y los disiparé.
Esto hizo Benaía hijo de Joiada, y tuvo nombre entre los tres valientes.
Entonces David dijo á Gad: En grande angustia estoy: ruego que caiga en la mano de Jehová, porque sus miseraciones son muchas, y que no caiga yo en manos de hombres.
Y Arauna dijo á David: Tome y sacrifique mi señor el rey lo que bien le pareciere; he aquí bueyes para el holocausto; y trillos y otros pertrechos de bueyes para leña:
Y matando Adonía ovejas y vacas y animales engordados junto á la peña de Zoheleth, que está cerca de la fuente de Rogel, convidó á todos sus hermanos los hijos del rey, y á todos los varones de Judá, siervos del rey:
El rey entonces dijo: Esta dice: Mi hijo es el que vive, y tu hijo es el muerto: y la otra dice, No, mas el tuyo es el muerto, y mi hijo es el que vive.
Ahimaas en Nephtalí; éste tomó también por mujer á Basemath hija de Salomón.
Y el rey Salomón impuso tributo á todo Israel, y el tributo fué de treinta mil hombres:
Y FUÉ en el año cuatrocientos ochenta después que los hijos de Israel salieron de Egipto, en el cuarto año del principio del reino de Salomón sobre Israel, en el mes de Ziph, que es el mes segundo, que él comenzó á edificar la casa de Jehová.
Y cubrió de oro el piso de la casa, de dentro y de fuera.
Púsose luego Salomón delante del altar de Jehová, en presencia de toda la congregación de Israel, y extendiendo sus manos al cielo,
Y todos los vasos de beber del rey Salomón eran de oro, y asimismo toda la vajilla de la casa del bosque del Líbano era de oro fino: no había plata; en tiempo de Salomón no era de estima.
Y aconteció que, estando ellos á la mesa, fué palabra de Jehová al profeta que le había hecho volver;
Y Jehová se levantará un rey sobre Israel, el cual talará la casa de Jeroboam en este día; ¿y qué, si ahora?
Y Jehová sacudirá á Israel, al modo que la caña se agita en las aguas: y él arrancará á Israel de esta buena tierra que había dado á sus padres, y esparcirálos de la otra parte del río, por cuanto han hecho sus bosques, enojando á Jehová.
Y reinó cuarenta y un años en Jerusalem; el nombre de su madre fué Maachâ, hija de Abisalom.
En el año treinta y uno de Asa rey de Judá, comenzó á reinar Omri sobre Israel, y reinó doce años: en Thirsa reinó seis años.
Levantóse pues, y comió y bebió; y caminó con la fortaleza de aquella comida cuarenta días y cuarenta noches, hasta el monte de Dios, Horeb.
DESPUÉS de la muerte de Achâb rebelóse Moab contra Israel.
Y ellos le respondieron: Encontramos un varón que nos dijo: Id, y volveos al rey que os envió, y decidle: Así ha dicho Jehová: ¿No hay Dios en Israel, que tú envías á consultar á Baal-zebub dios de Ecrón? Por tanto, del lecho en que subiste no descenderás, antes morirás de cierto.
Y volvió á enviar el tercer capitán de cincuenta con sus cincuenta: y subiendo aquel tercer capitán de cincuenta, hincóse de rodillas delante de Elías, y rogóle, diciendo: Varón de Dios, ruégote que sea de valor delante de tus ojos mi vida, y la vida de estos tus cincuenta siervos.
Y como el niño fué grande, aconteció que un día salió á su padre, á los segadores.
Y él le dijo: Vete en paz. Partióse pues de él, y caminó como el espacio de una milla.
Y durmió Joram con sus padres, y fué sepultado con sus padres en la ciudad de David: y reinó en lugar suyo Ochôzías, su hijo.
Y herirás la casa de Achâb tu señor, para que yo vengue la sangre de mis siervos los profetas, y la sangre de todos los siervos de Jehová, de la mano de Jezabel.
El atalaya volvió á decir: También éste llegó á ellos y no vuelve: mas el marchar del que viene es como el marchar de Jehú hijo de Nimsi, porque viene impetuosamente.
Con todo eso no se apartaron de los pecados de la casa de Jeroboam, el que hizo pecar á Israel: en ellos anduvieron; y también el bosque permaneció en Samaria.)
Y dijo Eliseo al rey de Israel: Pon tu mano sobre el arco. Y puso él su mano sobre el arco. Entonces puso Eliseo sus manos sobre las manos del rey,
Pues subió Manahem hijo de Gadi, de Thirsa, y vino á Samaria, é hirió á Sallum hijo de Jabes en Samaria, y matólo, y reinó en su lugar.
EN el año diecisiete de Peka hijo de Remalías, comenzó á reinar Achâz hijo de Jotham rey de Judá.
Entonces Ezechîas rey de Judá envió á decir al rey de Asiria en Lachîs: Yo he pecado: vuélvete de mí, y llevaré todo lo que me impusieres. Y el rey de Asiria impuso á Ezechîas rey de Judá trescientos talentos de plata, y treinta talentos de oro.
Mas de los pobres de la tierra dejó Nabuzaradán, capitán de los de la guardia, para que labrasen las viñas y las tierras.
Los hijos de Chûs: Seba, Havila, Sabtha, Raema, y Sabtechâ. Y los hijos de Raema: Seba y Dedán.
Y Joctán engendró á Elmodad, Seleph, Asarmaveth, y Jera,
Y los hijos de Pedaía: Zorobabel, y Simi. Y los hijos de Zorobabel: Mesullam, Hananías, y Selomith su hermana.
Los hijos de Elioenai fueron estos siete: Odavias, Eliasib, Palaías, Accub, Johanán, Dalaías, y Anani.
Estos fueron alfareros y se hallaban en medio de plantíos y cercados, los cuales moraron allá con el rey en su obra.
Mas de Husim engendró á Abitob, y á Elphaal.
De la media tribu de Manasés, diez y ocho mil, los cuales fueron tomados por lista para venir á poner á David por rey.
Y andaban de nación en nación, y de un reino á otro pueblo.
Poderío y hermosura delante de él; fortaleza y alegría en su morada.
Y viniendo los Siros de Damasco en ayuda de Adarezer rey de Soba, David hirió de los Siros veintidós mil hombres.
Asimismo aparejó David mucho hierro para la clavazón de las puertas, y para las junturas; y mucho metal sin peso, y madera de cedro sin cuenta.
Y de los hijos de Leví que quedaron: Subael, de los hijos de Amram; y de los hijos de Subael, Jehedías.
Los hijos de Musi: Maheli, Eder y Jerimoth. Estos fueron los hijos de los Levitas conforme á las casas de sus familias.
Y por Obed-edom, al mediodía; y por sus hijos, la casa de la consulta.
Este Benaías era valiente entre los treinta y sobre los treinta; y en su división estaba Amisabad su hijo.
Y sentóse Salomón por rey en el trono de Jehová en lugar de David su padre, y fué prosperado; y obedecióle todo Israel.
Envíame también madera de cedro, de haya, de pino, del Líbano: porque yo sé que tus siervos entienden de cortar madera en el Líbano; y he aquí, mis siervos irán con los tuyos,
Asimismo los candeleros y sus candilejas, de oro puro, para que las encendiesen delante del oratorio conforme á la costumbre.
Entonces Salomón fué á Esion-geber, y á Eloth, á la costa de la mar en la tierra de Edom.
Asimismo trescientos escudos de oro batido, teniendo cada escudo trescientos siclos de oro: y púsolos el rey en la casa del bosque del Líbano.
La cual le parió hijos: á Jeus, y á Samaria, y á Zaham.
Entonces vino Semeías profeta á Roboam y á los príncipes de Judá, que estaban reunidos en Jerusalem por causa de Sisac, y díjoles: Así ha dicho Jehová: Vosotros me habéis dejado, y yo también os he dejado en manos de Sisac.
Y Abías y su gente hacían en ellos gran mortandad; y cayeron heridos de Israel quinientos mil hombres escogidos.
Y la una gente destruía á la otra, y una ciudad á otra ciudad: porque Dios los conturbó con todas calamidades.
Sino que buscó al Dios de su padre, y anduvo en sus mandamientos, y no según las obras de Israel.
Y diréis: El rey ha dicho así: Poned á éste en la cárcel, y sustentadle con pan de aflicción y agua de angustia, hasta que yo vuelva en paz.
Y salióle al encuentro Jehú el vidente, hijo de Hanani, y dijo al rey Josaphat: ¿Al impío das ayuda, y amas á los que aborrecen á Jehová? Pues la ira de la presencia de Jehová será sobre ti por ello.
Entonces pasó Joram con sus príncipes, y consigo todos sus carros; y levantóse de noche, é hirió á los Idumeos que le habían cercado, y á todos los comandantes de sus carros.
Demás de esto hizo altos en los montes de Judá, é hizo que los moradores de Jerusalem fornicasen, y á ello impelió á Judá.
Mas Joiada envejeció, y murió harto de días: de ciento y treinta años era cuando murió.
Y dieron los Ammonitas presentes á Uzzías, y divulgóse su nombre hasta la entrada de Egipto; porque se había hecho altamente poderoso.
Y bajo la mano de éstos estaba el ejército de guerra, de trescientos siete mil y quinientos guerreros poderosos y fuertes para ayudar al rey contra los enemigos.
Y aprestóles Uzzías para todo el ejército, escudos, lanzas, almetes, coseletes, arcos, y hondas de tirar piedras.
Y las ofrendas fueron seiscientos bueyes, y tres mil ovejas.
No seáis como vuestros padres y como vuestros hermanos, que se rebelaron contra Jehová el Dios de sus padres, y él los entregó á desolación, como vosotros veis.
Mas el rey Ezechîas, y el profeta Isaías hijo de Amós, oraron por esto, y clamaron al cielo.
Mas Ezechîas no pagó conforme al bien que le había sido hecho: antes se enalteció su corazón, y fué la ira contra él, y contra Judá y Jerusalem.
También sus príncipes ofrecieron con liberalidad al pueblo, y á los sacerdotes y Levitas. Hilcías, Zachârías y Jehiel, príncipes de la casa de Dios, dieron á los sacerdotes para hacer la pascua dos mil seiscientas ovejas, y trescientos bueyes.
Los hijos de Barcos, los hijos de Sisera, los hijos de Thema;
Los hijos de Sephatías, los hijos de Hatil, los hijos de Phochêreth-hassebaim, los hijos de Ami.
Y el Tirsatha les dijo que no comiesen de las cosas más santas, hasta que hubiese sacerdote con Urim y Thummim.
Y también los vasos de oro y de plata de la casa de Dios, que Nabucodonosor había sacado del templo que estaba en Jerusalem, y los había metido en el templo de Babilonia, el rey Ciro los sacó del templo de Babilonia, y fueron entregados á Sesbassar, al cual había puesto por gobernador;
Y de los Nethineos, á quienes David con los príncipes puso para el ministerio de los Levitas, doscientos y veinte Nethineos: todos los cuales fueron declarados por sus nombres.
Porque siervos éramos: mas en nuestra servidumbre no nos desamparó nuestro Dios, antes inclinó sobre nosotros misericordia delante de los reyes de Persia, para que se nos diese vida para alzar la casa de nuestro Dios, y para hacer restaurar sus asolamientos, y para darnos vallado en Judá y en Jerusalem.
Benaías, Bedías, Chêluhi,
Asimismo restauró junto á ellos, y frente á su casa, Jedaías hijo de Harumaph; y junto á él restauró Hattus hijo de Hasbanías.
ENTONCES fué grande el clamor del pueblo y de sus mujeres contra los Judíos sus hermanos.
Vine luego en secreto á casa de Semaías hijo de Delaías, hijo de Mehetabeel, porque él estaba encerrado; el cual me dijo: Juntémonos en la casa de Dios dentro del templo, y cerremos las puertas del templo, porque vienen para matarte; sí, esta noche vendrán á matarte.
La congregación toda junta era de cuarenta y dos mil trescientos y sesenta,
Pashur, Amarías, Malchías,
Y HABITARON los príncipes del pueblo en Jerusalem; mas el resto del pueblo echó suertes para traer uno de diez que morase en Jerusalem, ciudad santa, y las nueve partes en las otras ciudades.
Y en Hasar-sual, y en Beer-seba, y en sus aldeas;
Por cuanto no salieron á recibir á los hijos de Israel con pan y agua, antes alquilaron á Balaam contra ellos, para que los maldijera: mas nuestro Dios volvió la maldición en bendición.
Ví asimismo en aquellos días Judíos que habían tomado mujeres de Asdod, Ammonitas, y Moabitas:
DESPUÉS de estas cosas, el rey Assuero engrandeció á Amán hijo de Amadatha Agageo, y ensalzólo, y puso su silla sobre todos los príncipes que estaban con él.
Y vinieron las doncellas de Esther y sus eunucos, y dijéronselo: y la reina tuvo gran dolor, y envió vestidos para hacer vestir á Mardochêo, y hacerle quitar el saco de sobre él; mas él no los recibió.
En un mismo día en todas las provincias del rey Assuero, en el trece del mes duodécimo, que es el mes de Adar.
Y que estos dos días serían en memoria, y celebrados en todas las naciones, y familias, y provincias, y ciudades. Estos días de Purim no pasarán de entre los Judíos, y la memoria de ellos no cesará de su simiente.
Allí asimismo reposan los cautivos; no oyen la voz del exactor.
Que prende á los sabios en la astucia de ellos, y el consejo de los perversos es entontecido;
Por tanto yo no reprimiré mi boca; hablaré en la angustia de mi espíritu, y quejaréme con la amargura de mi alma.
La tierra es entregada en manos de los impíos, y él cubre el rostro de sus jueces. Si no es él, ¿quién es? ¿dónde está?
Yo soy impío, ¿para qué trabajaré en vano?
Mas ¡oh quién diera que Dios hablara, y abriera sus labios contigo,
El lleva despojados á los príncipes, y trastorna á los poderosos.
¿Cuántas iniquidades y pecados tengo yo? hazme entender mi prevaricación y mi pecado.
¿Quién hará limpio de inmundo? Nadie.
¿Naciste tú primero que Adam? ¿ó fuiste formado antes que los collados?
Esta es la parte que Dios apareja al hombre impío, y la heredad que Dios le señala por su palabra.
Y RESPONDIÓ Job, y dijo:
Ordenaría juicio delante de él, y henchiría mi boca de argumentos.
Quitan el pecho á los huérfanos, y de sobre el pobre toman la prenda.
Son instables más que la superficie de las aguas; su porción es maldita en la tierra; no andarán por el camino de las viñas.
Mis labios no hablarán iniquidad, ni mi lengua pronunciará engaño.
En el pedernal puso su mano, y trastornó los montes de raíz.
Empero ¿dónde se hallará la sabiduría? ¿y dónde está el lugar de la prudencia?
Eran echados de entre las gentes, y todos les daban grita como al ladrón.
He aquí aún: no se puede mirar la luz esplendente en los cielos, luego que pasa el viento y los limpia,
Pídeme, y te daré por heredad las gentes, y por posesión tuya los términos de la tierra.
Está atento á la voz de mi clamor, Rey mío y Dios mío, porque á ti oraré.
Porque tú, oh Jehová, bendecirás al justo; lo cercarás de benevolencia como con un escudo.
Llena está su boca de maldición, y de engaños y fraude: debajo de su lengua, vejación y maldad.
Quebranta el brazo del malo: del maligno buscarás su maldad, hasta que ninguna halles.
Las palabras de Jehová, palabras limpias; plata refinada en horno de tierra, purificada siete veces.
Jehová es la porción de mi parte y de mi copa; tú sustentarás mi suerte.
Bendeciré á Jehová que me aconseja: aun en las noches me enseñan mis riñones.
Sustenta mis pasos en tus caminos, porque mis pies no resbalen.
Levántate, oh Jehová; prevén su encuentro, póstrale: libra mi alma del malo con tu espada;
Hame pagado Jehová conforme á mi justicia: conforme á la limpieza de mis manos me ha vuelto.
Porque yo he guardado los caminos de Jehová, y no me aparté impíamente de mi Dios.
Detén asimismo á tu siervo de las soberbias; que no se enseñoreen de mí: entonces seré íntegro, y estaré limpio de gran rebelión.
Y luego ensalzará mi cabeza sobre mis enemigos en derredor de mí: y yo sacrificaré en su tabernáculo sacrificios de júbilo: cantaré y salmearé á Jehová.
Enséñame, oh Jehová, tu camino, y guíame por senda de rectitud, á causa de mis enemigos.
Salmo cantado en la dedicación de la Casa: Salmo de David. GLORIFICARTE he, oh Jehová; porque me has ensalzado, y no hiciste á mis enemigos alegrarse de mí.
Jehová hace nulo el consejo de las gentes, y frustra las maquinaciones de los pueblos.
Levantáronse testigos falsos; demandáronme lo que no sabía;
Y ensancharon sobre mí su boca; dijeron: ¡Ea, ea, nuestros ojos lo han visto!
Allí cayeron los obradores de iniquidad; fueron rempujados, y no pudieron levantarse.
Pero los mansos heredarán la tierra, y se recrearán con abundancia de paz.
En todo tiempo tiene misericordia, y presta; y su simiente es para bendición.
La ley de su Dios está en su corazón; por tanto sus pasos no vacilarán.
Mi corazón está acongojado, hame dejado mi vigor; y aun la misma luz de mis ojos no está conmigo.
Apresúrate á ayudarme, oh Señor, mi salud.
Tú, oh Dios, eres mi rey: manda saludes á Jacob.
Hazme oir gozo y alegría; y se recrearán los huesos que has abatido.
Reúnense, escóndense, miran ellos atentamente mis pasos, esperando mi vida.
¿Hasta cuándo maquinaréis contra un hombre? Pereceréis todos vosotros, caeréis como pared acostada, como cerca ruinosa.
Al Músico principal: sobre Sosannim: Salmo de David. SÁLVAME, oh Dios, porque las aguas han entrado hasta el alma.
Hanse aumentado más que los cabellos de mi cabeza los que me aborrecen sin causa; hanse fortalecido mis enemigos, los que me destruyen sin por qué: he venido pues á pagar lo que no he tomado.
Por tanto oyó Jehová, é indignóse: y encendióse el fuego contra Jacob, y el furor subió también contra Israel;
Y la planta que plantó tu diestra, y el renuevo que para ti corroboraste.
Por esto han conspirado de corazón á una, contra ti han hecho liga;
Alégranos conforme á los días que nos afligiste, y los años que vimos mal.
Alegraos, justos, en Jehová: y alabad la memoria de su santidad.
Salmo de alabanza. CANTAD alegres á Dios, habitantes de toda la tierra.
Tú levantándote, tendrás misericordia de Sión; porque el tiempo de tener misericordia de ella, porque el plazo es llegado.
Maravillas en la tierra de Châm, cosas formidables sobre el mar Bermejo.
Y sus enemigos los oprimieron, y fueron quebrantados debajo de su mano.
Quebrantada está mi alma de desear tus juicios en todo tiempo.
Tu presencia supliqué de todo corazón: ten misericordia de mí según tu palabra.
Hollaste á todos los que se desvían de tus estatutos: porque mentira es su engaño.
Guardado he tus mandamientos y tus testimonios; porque todos mis caminos están delante de ti.
Haz bien, oh Jehová, á los buenos, y á los que son rectos en sus corazones.
Cántico gradual. CUANDO Jehová hiciere tornar la cautividad de Sión, seremos como los que sueñan.
Los que sembraron con lágrimas, con regocijo segarán.
Cuando comieres el trabajo de tus manos, bienaventurado tú, y tendrás bien.
Porque juzgará Jehová su pueblo, y arrepentiráse sobre sus siervos.
Detrás y delante me guarneciste, y sobre mí pusiste tu mano.
Sea enderezada mi oración delante de ti como un perfume, el don de mis manos como la ofrenda de la tarde.
Y por tu misericordia disiparás mis enemigos, y destruirás todos los adversarios de mi alma: porque yo soy tu siervo.
Tú, el que da salud á los reyes, el que redime á David su siervo de maligna espada.
Cercano está Jehová á todos los que le invocan, á todos los que le invocan de veras.
El cual hizo los cielos y la tierra, la mar, y todo lo que en ellos hay; que guarda verdad para siempre;
Hijo mío, no andes en camino con ellos; aparta tu pie de sus veredas:
Cuando la sabiduría entrare en tu corazón, y la ciencia fuere dulce á tu alma,
Para que andes por el camino de los buenos, y guardes las veredas de los justos.
HIJO mío, no te olvides de mi ley; y tu corazón guarde mis mandamientos:
Porque á causa de la mujer ramera es reducido el hombre á un bocado de pan; y la mujer caza la preciosa alma del varón.
Di á la sabiduría: Tú eres mi hermana; y á la inteligencia llama parienta:
Porque mirando yo por la ventana de mi casa, por mi celosía,
Mató sus víctimas, templó su vino, y puso su mesa.
El que labra su tierra, se hartará de pan: mas el que sigue los vagabundos es falto de entendimiento.
El hombre será harto de bien del fruto de su boca: y la paga de las manos del hombre le será dada.
Desea, y nada alcanza el alma del perezoso: mas el alma de los diligentes será engordada.
El temor de Jehová es enseñanza de sabiduría: y delante de la honra está la humildad.
El de grande ira llevará la pena: y si usa de violencias, añadirá nuevos males.
Honra es del hombre dejarse de contienda: mas todo insensato se envolverá en ella.
Candela de Jehová es el alma del hombre, que escudriña lo secreto del vientre.
El ojo misericordioso será bendito, porque dió de su pan al indigente.
Porque su corazón piensa en robar, é iniquidad hablan sus labios.
Y he aquí que por toda ella habían ya crecido espinas, ortigas habían ya cubierto su haz, y su cerca de piedra estaba ya destruída.
Alzar las piernas del cojo, así es el proverbio en la boca del necio.
El que cavare sima, caerá en ella: y el que revuelva la piedra, á él volverá.
Por la rebelión de la tierra sus príncipes son muchos: mas por el hombre entendido y sabio permanecerá sin mutación.
Ella se hizo tapices; de lino fino y púrpura es su vestido.
¡Que el hombre trabaje con sabiduría, y con ciencia, y con rectitud, y que haya de dar su hacienda á hombre que nunca trabajó en ello! También es esto vanidad y mal grande.
MEJOR es la buena fama que el buen ungüento; y el día de la muerte que el día del nacimiento.
Todo acontece de la misma manera á todos: un mismo suceso ocurre al justo y al impío; al bueno y al limpio y al no limpio; al que sacrifica, y al que no sacrifica: como el bueno, así el que peca; el que jura, como el que teme el juramento.
Llevóme á la cámara del vino, y su bandera sobre mí fué amor.
Yo dormía, pero mi corazón velaba: la voz de mi amado que llamaba: Abreme, hermana mía, amiga mía, paloma mía, perfecta mía; porque mi cabeza está llena de rocío, mis cabellos de las gotas de la noche.
Sus manos, como anillos de oro engastados de jacintos: su vientre, como claro marfil cubierto de zafiros.
Oh tú la que moras en los huertos, los compañeros escuchan tu voz: házmela oir.
VISIÓN de Isaías hijo de Amoz, la cual vió sobre Judá y Jerusalem, en días de Uzzías, Jotham, Achâz y Ezechîas, reyes de Judá.
El capitán de cincuenta, y el hombre de respeto, y el consejero, y el artífice excelente, y el hábil orador.
Y los corderos serán apacentados según su costumbre; y extraños comerán las gruesas desamparadas.
Y yo dije: ¿Hasta cuándo, Señor? Y respondió él: Hasta que las ciudades estén asoladas, y sin morador, ni hombre en las casas, y la tierra sea tornada en desierto;
Y se disipará la envidia de Ephraim, y los enemigos de Judá serán talados. Ephraim no tendrá envidia contra Judá, ni Judá afligirá á Ephraim;
Levantad bandera sobre un alto monte; alzad la voz á ellos, alzad la mano, para que entren por puertas de príncipes.
Y en sus palacios gritarán gatos cervales, y chacales en sus casas de deleite: y abocado está á venir su tiempo, y sus días no se alargarán.
Porque Jehová de los ejércitos ha determinado: ¿y quién invalidará? Y su mano extendida, ¿quién la hará tornar?
Subió á Bayith y á Dibón, lugares altos, á llorar; sobre Nebo y sobre Medeba aullará Moab: toda cabeza de ella será raída, y toda barba se mesará.
El día que las plantares, las harás crecer, y harás que tu simiente brote de mañana; mas la cosecha será arrebatada en el día del coger, y del dolor desesperado.
Y he aquí este carro de hombres viene, un par de caballeros. Después habló, y dijo: Cayó, cayó Babilonia; y todos los ídolos de sus dioses quebrantó en tierra.
Como la preñada cuando se acerca el parto gime, y da gritos con sus dolores, así hemos sido delante de ti, oh Jehová.
Yo Jehová la guardo, cada momento la regaré; guardaréla de noche y de día, porque nadie la visite.
En aquel día Jehová de los ejércitos será por corona de gloria y diadema de hermosura á las reliquias de su pueblo;
Entonces serás humillada, hablarás desde la tierra, y tu habla saldrá del polvo; y será tu voz de la tierra como de pythón, y tu habla susurrará desde el polvo.
Por tanto, he aquí que nuevamente excitaré yo la admiración de este pueblo con un prodigio grande y espantoso; porque perecerá la sabiduría de sus sabios, y se desvanecerá la prudencia de sus prudentes.
Y los errados de espíritu aprenderán inteligencia, y los murmuradores aprenderán doctrina.
Se avergonzarán todos del pueblo que no les aprovechará, ni los socorrerá, ni les traerá provecho; antes les será para vergüenza, y aun para oprobio.
Días y años tendréis espanto, oh confiadas; porque la vendimia faltará, y la cosecha no acudirá.
Diréis así á Ezechîas rey de Judá: No te engañe tu Dios en quien tú confías, diciendo: Jerusalem no será entregada en mano del rey de Asiria.
¿Libraron los dioses de las gentes á los que destruyeron mis antepasados, á Gozán, y Harán, Rezeph, y á los hijos de Edén que moraban en Thelasar?
Yo dije: En el medio de mis días iré á las puertas del sepulcro: privado soy del resto de mis años.
Dije: No veré á JAH, á JAH en la tierra de los que viven: ya no veré más hombre con los moradores del mundo.
Y dijo Ezechîas á Isaías: La palabra de Jehová que has hablado, es buena. Y añadió: A lo menos, haya paz y verdad en mis días.
No quebrará la caña cascada, ni apagará el pábilo que humeare: sacará el juicio á verdad.
Cantad á Jehová un nuevo cántico, su alabanza desde el fin de la tierra; los que descendéis á la mar, y lo que la hinche, las islas y los moradores de ellas.
Y torna su sobrante en un dios, en su escultura; humíllase delante de ella, adórala, y ruégale diciendo: Líbrame, que mi dios eres tú.
Acordaos de esto, y tened vergüenza; tornad en vosotros, prevaricadores.
Siéntate, calla, y entra en tinieblas, hija de los Caldeos: porque nunca más te llamarán señora de reinos.
Así ha dicho Jehová, Redentor tuyo, el Santo de Israel: Yo Jehová Dios tuyo, que te enseña provechosamente, que te encamina por el camino que andas.
Y á los que te despojaron haré comer sus carnes, y con su sangre serán embriagados como con mosto; y conocerá toda carne que yo Jehová soy Salvador tuyo, y Redentor tuyo, el Fuerte de Jacob.
Cercano está de mí el que me justifica; ¿quién contenderá conmigo? juntémonos. ¿Quién es el adversario de mi causa? acérquese á mí.
Sacúdete del polvo; levántate y siéntate, Jerusalem; suéltate de las ataduras de tu cuello, cautiva hija de Sión.
Angustiado él, y afligido, no abrió su boca: como cordero fué llevado al matadero; y como oveja delante de sus trasquiladores, enmudeció, y no abrió su boca.
Cuando clamares, líbrente tus allegados; empero á todos ellos llevará el viento, un soplo los arrebatará; mas el que en mí espera, tendrá la tierra por heredad, y poseerá el monte de mi santidad.
¿No es antes el ayuno que yo escogí, desatar las ligaduras de impiedad, deshacer los haces de opresión, y dejar ir libres á los quebrantados, y que rompáis todo yugo?
Mas vuestras iniquidades han hecho división entre vosotros y vuestro Dios, y vuestros pecados han hecho ocultar su rostro de vosotros, para no oir.
Y el derecho se retiró, y la justicia se puso lejos: porque la verdad tropezó en la plaza, y la equidad no pudo venir.
La gloria del Líbano vendrá á ti, hayas, pinos, y bojes juntamente, para decorar el lugar de mi santuario; y yo honraré el lugar de mis pies.
POR amor de Sión no callaré, y por amor de Jerusalem no he de parar, hasta que salga como resplandor su justicia, y su salud se encienda como una antorcha.
¿Yo que hago parir, no pariré? dijo Jehová. ¿Yo que hago engendrar, seré detenido? dice el Dios tuyo.
Miré la tierra, y he aquí que estaba asolada y vacía; y los cielos, y no había en ellos luz.
Como jaula llena de pájaros, así están sus casas llenas de engaño: así se hicieron grandes y ricos.
Y pondré á Jerusalem en montones, por morada de culebras; y pondré las ciudades de Judá en asolamiento, que no quede morador.
ASÍ me dijo Jehová: Ve, y cómprate un cinto de lino, y cíñelo sobre tus lomos, y no lo meterás en agua.
Alucinásteme, oh Jehová, y hállome frustrado: más fuerte fuiste que yo, y vencísteme: cada día he sido escarnecido; cada cual se burla de mí.
Porque así ha dicho Jehová, de Sallum hijo de Josías, rey de Judá, que reina por Josías su padre, que salió de este lugar: No volverá acá más;
La una cesta tenía higos muy buenos, como brevas; y la otra cesta tenía higos muy malos, que no se podían comer de malos.
Y á todos los reyes de Zimri, y á todos los reyes de Elam, y á todos los reyes de Media;
¿Matáronlo luego Ezechîas rey de Judá y todo Judá? ¿no temió á Jehová, y oró en presencia de Jehová, y Jehová se arrepintió del mal que había hablado contra ellos? ¿Haremos pues nosotros tan grande mal contra nuestras almas?
¿No es Ephraim hijo precioso para mí? ¿no es niño delicioso? pues desde que hablé de él, heme acordado de él constantemente. Por eso mis entrañas se conmovieron por él: apiadado, tendré de él misericordia, dice Jehová.
Y dísteles esta tierra, de la cual juraste á sus padres que se la darías, tierra que mana leche y miel:
Entregarélos en mano de sus enemigos y en mano de los que buscan su alma; y sus cuerpos muertos serán para comida de las aves del cielo, y de las bestias de la tierra.
Quizá caerá oración de ellos en la presencia de Jehová, y tornaráse cada uno de su mal camino; porque grande es el furor y la ira que ha expresado Jehová contra este pueblo.
Y cuando fué á la puerta de Benjamín, estaba allí un prepósito que se llamaba Irías, hijo de Selemías, hijo de Hananías, el cual prendió á Jeremías profeta, diciendo: Tú te retiras á los Caldeos.
Pero Gedalías hijo de Ahicam dijo á Johanán hijo de Carea: No hagas esto, porque falso es lo que tú dices de Ismael.
Y dijo Jeremías á todo el pueblo, y á todas las mujeres: Oid palabra de Jehová, todos los de Judá que estáis en tierra de Egipto:
Cercano está el quebrantamiento de Moab para venir, y su mal se apresura mucho.
Púsete lazos, y aun fuiste tomada, oh Babilonia, y tú no lo supiste: fuiste hallada, y aun presa, porque provocaste á Jehová.
He aquí que como león subirá de la hinchazón del Jordán á la morada fuerte: porque muy pronto le haré correr de sobre ella, y al que fuere escogido la encargaré: porque ¿quién es semejante á mí? ¿y quién me emplazará? ¿ó quién será aquel pastor que me podrá resistir?
Porque así ha dicho Jehová de los ejércitos, Dios de Israel: La hija de Babilonia es como parva; tiempo es ya de trillarla: de aquí á poco le vendrá el tiempo de la siega.
Los dichos de los que contra mí se levantaron, y su designio contra mí todo el día.
Y los muertos caerán en medio de vosotros; y sabréis que soy Jehová.
Díjome luego: Entra, y ve las malvadas abominaciones que éstos hacen allí.
Y os sacaré de en medio de ella, y os entregaré en manos de extraños, y yo haré juicios en vosotros.
Y fué á mí palabra de Jehová por la mañana, diciendo:
Y sabrán que yo soy Jehová, cuando los esparciere entre las gentes, y los derramare por la tierra.
Y haré que de ellos queden pocos en número, del cuchillo, y del hambre, y de la pestilencia, para que cuenten todas sus abominaciones entre las gentes adonde llegaren; y sabrán que yo soy Jehová.
¡Cuán inconstante es tu corazón, dice el Señor Jehová, habiendo hecho todas estas cosas, obras de una poderosa ramera,
Y te entregaré en mano de ellos: y destruirán tu alto, y derribarán tus altares, y te harán desnudar de tus ropas, y se llevarán los vasos de tu gloria, y te dejarán desnuda y descubierta.
He aquí que todo proverbista hará de ti proverbio, diciendo: Como la madre, tal su hija.
Empero así ha dicho el Señor Jehová: ¿Haré yo contigo como tú hiciste, que menospreciaste el juramento para invalidar el pacto?
Tomó también de la simiente de la tierra, y púsola en un campo bueno para sembrar, plantóla junto á grandes aguas, púsola como un sauce.
¿Qué pensáis vosotros, vosotros que usáis este refrán sobre la tierra de Israel, diciendo: Los padres comieron el agraz, y los dientes de los hijos tienen la dentera?
La adivinación fué á su mano derecha, sobre Jerusalem, para poner capitanes, para abrir la boca á la matanza, para levantar la voz en grito, para poner ingenios contra las puertas, para fundar baluarte, y edificar fuerte.
Y vendrán sobre ti carros, carretas, y ruedas, y multitud de pueblos. Escudos, y paveses, y capacetes pondrán contra ti en derredor; y yo daré el juicio delante de ellos, y por sus leyes te juzgarán.
En el camino de tu hermana anduviste: yo pues pondré su cáliz en tu mano.
Y los hijos de Arvad con tu ejército estuvieron sobre tus muros alrededor, y los Gammadeos en tus torres: sus escudos colgaron sobre tus muros alrededor; ellos completaron tu hermosura.
Diles: Vivo yo, dice el Señor Jehová, que no quiero la muerte del impío, sino que se torne el impío de su camino, y que viva. Volveos, volveos de vuestros malos caminos: ¿y por qué moriréis, oh casa de Israel?
Y están derramadas por falta de pastor; y fueron para ser comidas de toda bestia del campo, y fueron esparcidas.
Así ha dicho el Señor Jehová: He aquí, yo á los pastores; y requeriré mis ovejas de su mano, y haréles dejar de apacentar las ovejas: ni los pastores se apacentarán más á sí mismos; pues yo libraré mis ovejas de sus bocas, y no les serán más por comida.
Mas vosotras, ovejas mías, así ha dicho el Señor Jehová: He aquí yo juzgo entre oveja y oveja, entre carneros y machos cabríos.
Y dile: Así ha dicho el Señor Jehová: He aquí yo contra ti, oh monte de Seir, y extenderé mi mano contra ti, y te pondré en asolamiento y en soledad.
No lo hago por vosotros, dice el Señor Jehová, séaos notorio: avergonzaos y confundíos de vuestras iniquidades, casa de Israel.
Y sus gradas eran de siete peldaños, con sus arcos delante de ellas; y tenía palmas, una de una parte, y otra de la otra, en sus postes.
Y había allí una cámara, y su puerta con postes de portales; allí lavarán el holocausto.
Y miré la altura de la casa alrededor: los cimientos de las cámaras eran una caña entera de seis codos de grandor.
Y en cada portada había dos puertas, dos puertas que se volvían: dos puertas en la una portada, y otras dos en la otra.
SACÓME luego al atrio de afuera hacia el norte, y llevóme á la cámara que estaba delante del espacio que quedaba enfrente del edificio de hacia el norte.
Y aquel día el príncipe sacrificará por sí, y por todo el pueblo de la tierra, un becerro por el pecado.
Y después de ti se levantará otro reino menor que tú; y otro tercer reino de metal, el cual se enseñoreará de toda la tierra.
Hasta tanto que entró delante de mí Daniel, cuyo nombre es Beltsasar, como el nombre de mi dios, y en el cual hay espíritu de los dioses santos, y dije el sueño delante de él, diciendo:
Y cuya copa era hermosa, y su fruto en abundancia, y que para todos había mantenimiento en él; debajo del cual moraban las bestias del campo, y en sus ramas habitaban las aves del cielo,
Todo aquesto vino sobre el rey Nabucodonosor.
No hemos obedecido á tus siervos los profetas, que en tu nombre hablaron á nuestros reyes, y á nuestros príncipes, á nuestros padres, y á todo el pueblo de la tierra.
Aun estaba hablando, y orando, y confesando mi pecado y el pecado de mi pueblo Israel, y derramaba mi ruego delante de Jehová mi Dios por el monte santo de mi Dios;
Y el rey del norte volverá á poner en campo mayor multitud que primero, y á cabo del tiempo de años vendrá á gran priesa con grande ejército y con muchas riquezas.
Y concibió aún, y parió una hija. Y díjole Dios: Ponle por nombre Lo-ruhama: porque no más tendré misericordia de la casa de Israel, sino que los quitaré del todo.
Porque yo seré como león á Ephraim, y como cachorro de león á la casa de Judá: yo, yo arrebataré, y andaré; tomaré, y no habrá quien liberte.
Porque multiplicó Ephraim altares para pecar, tuvo altares para pecar.
Desde los días de Gabaa has pecado, oh Israel: allí estuvieron: no los tomó la batalla en Gabaa contra los inicuos.
Tomad con vosotros palabras, y convertíos á Jehová, y decidle: Quita toda iniquidad, y acepta el bien, y daremos becerros de nuestros labios.
A vosotros solamente he conocido de todas las familias de la tierra; por tanto visitaré contra vosotros todas vuestras maldades.
Y acaeció que al salir el sol, preparó Dios un recio viento solano; y el sol hirió á Jonás en la cabeza, y desmayábase, y se deseaba la muerte, diciendo: Mejor sería para mí la muerte que mi vida.
Oh hombre, él te ha declarado qué sea lo bueno, y qué pida de ti Jehová: solamente hacer juicio, y amar misericordia, y humillarte para andar con tu Dios.
Tú comerás, y no te hartarás; y tu abatimiento será en medio de ti: tú cogerás, mas no salvarás; y lo que salvares, lo entregaré yo á la espada.
Y será la parte de la mar por moradas de cabañas de pastores, y corrales de ovejas.
Vi de noche, y he aquí un varón que cabalgaba sobre un caballo bermejo, el cual estaba entre los mirtos que había en la hondura; y detrás de él había caballos bermejos, overos, y blancos.
Voz de aullido de pastores, porque su magnificencia es asolada; estruendo de bramidos de cachorros de leones, porque la soberbia del Jordán es destruída.
Habéis además dicho: ¡Oh qué trabajo! y lo desechasteis, dice Jehová de los ejércitos; y trajisteis lo hurtado, ó cojo, ó enfermo, y presentasteis ofrenda. ¿Seráme acepto eso de vuestra mano? dice Jehová.
Y llegarme he á vosotros á juicio; y seré pronto testigo contra los hechiceros y adúlteros; y contra los que juran mentira, y los que detienen el salario del jornalero, de la viuda, y del huérfano, y los que hacen agravio al extranjero, no teniendo temor de mí, dice Jehová de los ejércitos.
Porque de cierto os digo, que hasta que perezca el cielo y la tierra, ni una jota ni un tilde perecerá de la ley, hasta que todas las cosas sean hechas.
Y perdónanos nuestras deudas, como también nosotros perdonamos á nuestros deudores.
Todas las cosas me son entregadas de mi Padre: y nadie conoció al Hijo, sino el Padre; ni al Padre conoció alguno, sino el Hijo, y aquel á quien el Hijo lo quisiere revelar.
Entonces va, y toma consigo otros siete espíritus peores que él, y entrados, moran allí; y son peores las cosas últimas del tal hombre que las primeras: así también acontecerá á esta generación mala.
Entonces, llegándose los discípulos, le dijeron: ¿Por qué les hablas por parábolas?
Y él dijo: No; porque cogiendo la cizaña, no arranquéis también con ella el trigo.
Entonces los justos resplandecerán como el sol en el reino de su Padre: el que tiene oídos para oir, oiga.
La cual estando llena, la sacaron á la orilla; y sentados, cogieron lo bueno en vasos, y lo malo echaron fuera.
Y venido á su tierra, les enseñaba en la sinagoga de ellos, de tal manera que ellos estaban atónitos, y decían: ¿De dónde tiene éste esta sabiduría, y estas maravillas?
Porque del corazón salen los malos pensamientos, muertes, adulterios, fornicaciones, hurtos, falsos testimonios, blasfemias.
Porque el Hijo del hombre vendrá en la gloria de su Padre con sus ángeles, y entonces pagará á cada uno conforme á sus obras.
Y nadie le podía responder palabra; ni osó alguno desde aquel día preguntarle más.
Antes, todas sus obras hacen para ser mirados de los hombres; porque ensanchan sus filacterias, y extienden los flecos de sus mantos;
Y será predicado este evangelio del reino en todo el mundo, por testimonio á todos los Gentiles; y entonces vendrá el fin.
Y respondiendo el Rey, les dirá: De cierto os digo que en cuanto lo hicisteis á uno de estos mis hermanos pequeñitos, á mí lo hicisteis.
Y tomando el vaso, y hechas gracias, les dió, diciendo: Bebed de él todos;
Velad y orad, para que no entréis en tentación: el espíritu á la verdad está presto, mas la carne enferma.
Y Jesús le dijo: Amigo, ¿á qué vienes? Entonces llegaron, y echaron mano á Jesús, y le prendieron.
Y saliendo él á la puerta, le vió otra, y dijo á los que estaban allí: También éste estaba con Jesús Nazareno.
Y se acordó Pedro de las palabras de Jesús, que le dijo: Antes que cante el gallo, me negarás tres veces. Y saliéndose fuera, lloró amargamente.
Y juntos ellos, les dijo Pilato: ¿Cuál queréis que os suelte? ¿á Barrabás, ó á Jesús que se dice el Cristo?
Y de miedo de él los guardas se asombraron, y fueron vueltos como muertos.
A Simón, al cual puso por nombre Pedro;
Y decía: ¿A qué haremos semejante el reino de Dios? ¿ó con qué parábola le compararemos?
Y una mujer que estaba con flujo de sangre doce años hacía,
Entonces la mujer, temiendo y temblando, sabiendo lo que en sí había sido hecho, vino y se postró delante de él, y le dijo toda la verdad.
Y hacían burla de él: mas él, echados fuera todos, toma al padre y á la madre de la muchacha, y á los que estaban con él, y entra donde la muchacha estaba.
Mas Jesús les decía: No hay profeta deshonrado sino en su tierra, y entre sus parientes, y en su casa.
Y les mandó que no lo dijesen á nadie; pero cuanto más les mandaba, tanto más y más lo divulgaban.
Y dejándolos, volvió á entrar en el barco, y se fué de la otra parte.
Porque el que quisiere salvar su vida, la perderá; y el que perdiere su vida por causa de mí y del evangelio, la salvará.
El entonces respondiendo, le dijo: Maestro, todo esto he guardado desde mi mocedad.
Y Jesús le respondió: El primer mandamiento de todos es: Oye, Israel, el Señor nuestro Dios, el Señor uno es.
Mas Jesús ni aun con eso respondió; de modo que Pilato se maravillaba.
Y como miraron, ven la piedra revuelta; que era muy grande.
Y saliendo, no les podía hablar: y entendieron que había visto visión en el templo: y él les hablaba por señas, y quedó mudo.
Porque el Señor me ha hecho así en los días en que miró para quitar mi afrenta entre los hombres.
Y he aquí el ángel del Señor vino sobre ellos, y la claridad de Dios los cercó de resplandor; y tuvieron gran temor.
Y descendió con ellos, y vino á Nazaret, y estaba sujeto á ellos. Y su madre guardaba todas estas cosas en su corazón.
Y vinieron también publicanos para ser bautizados, y le dijeron: Maestro, ¿qué haremos?
Y siendo ya de día salió, y se fué á un lugar desierto: y las gentes le buscaban, y vinieron hasta él; y le detenían para que no se apartase de ellos.
E hicieron señas á los compañeros que estaban en el otro barco, que viniesen á ayudarles; y vinieron, y llenaron ambos barcos, de tal manera que se anegaban.
Mas á vosotros los que oís, digo: Amad á vuestros enemigos, haced bien á los que os aborrecen;
Y aconteció que volviendo Jesús, recibióle la gente; porque todos le esperaban.
Porque ¿qué aprovecha al hombre, si granjeare todo el mundo, y se pierda él á sí mismo, ó corra peligro de sí?
Y aconteció al día siguiente, que apartándose ellos del monte, gran compañía les salió al encuentro.
Y le dijo Jesús: Las zorras tienen cuevas, y las aves de los cielos nidos; mas el Hijo del hombre no tiene donde recline la cabeza.
Mas el padre dijo á sus siervos: Sacad el principal vestido, y vestidle; y poned un anillo en su mano, y zapatos en sus pies.
¿Y quién de vosotros tiene un siervo que ara ó apacienta, que vuelto del campo le diga luego: Pasa, siéntate á la mesa?
Cualquiera que procurare salvar su vida, la perderá; y cualquiera que la perdiere, la salvará.
Y les dijo: En gran manera he deseado comer con vosotros esta pascua antes que padezca;
Los cuales no son engendrados de sangre, ni de voluntad de carne, ni de voluntad de varón, mas de Dios.
Y confesó, y no negó; mas declaró: No soy yo el Cristo.
Dijéronle entonces: ¿Qué señal pues haces tú, para que veamos, y te creamos? ¿Qué obras?
El que cree en mí, como dice la Escritura, ríos de agua viva correrán de su vientre.
Respondieron y dijéronle: ¿Eres tú también Galileo? Escudriña y ve que de Galilea nunca se levantó profeta.
Y decíanle: ¿Tú quién eres? Entonces Jesús les dijo: El que al principio también os he dicho.
Dijéronle entonces los Judíos: Aun no tienes cincuenta años, ¿y has visto á Abraham?
Y dijéronle: ¿Cómo te fueron abiertos los ojos?
Y volvió á haber disensión entre los Judíos por estas palabras.
Entonces, pues, Jesús les dijo claramente: Lázaro es muerto;
Estos pues, se llegaron á Felipe, que era de Bethsaida de Galilea, y rogáronle, diciendo: Señor, querríamos ver á Jesús.
Entonces la compañía y el tribuno, y los ministros de los Judíos, prendieron á Jesús y le ataron,
Pilato respondió: ¿Soy yo Judío? Tu gente, y los pontífices, te han entregado á mí: ¿qué has hecho?
Y como Jesús tomó el vinagre, dijo: Consumado es. Y habiendo inclinado la cabeza, dió el espíritu.
Así que Pedro vió á éste, dice á Jesús: Señor, ¿y éste, qué?
Moraban entonces en Jerusalem Judíos, varones religiosos, de todas las naciones debajo del cielo.
Este, como vió á Pedro y á Juan que iban á entrar en el templo, rogaba que le diesen limosna.
Y ahora os digo: Dejaos de estos hombres, y dejadlos; porque si este consejo ó esta obra es de los hombres, se desvanecerá:
Mas los que fueron esparcidos, iban por todas partes anunciando la palabra.
Y el lugar de la Escritura que leía, era éste: Como oveja á la muerte fué llevado; y como cordero mudo delante del que le trasquila, así no abrió su boca:
Y al día siguiente, yendo ellos su camino, y llegando cerca de la ciudad, Pedro subió á la azotea á orar, cerca de la hora de sexta;
Y hablando con él, entró, y halló á muchos que se habían juntado.
Y después que los hubieron herido de muchos azotes, los echaron en la cárcel, mandando al carcelero que los guardase con diligencia:
PASADAS estas cosas, Pablo partió de Atenas, y vino á Corinto.
Y entre la multitud, unos gritaban una cosa, y otros otra: y como no podía entender nada de cierto á causa del alboroto, le mandó llevar á la fortaleza.
ENTONCES Pablo, poniendo los ojos en el concilio, dice: Varones hermanos, yo con toda buena conciencia he conversado delante de Dios hasta el día de hoy.
Y Pablo, llamando á uno de los centuriones, dice: Lleva á este mancebo al tribuno, porque tiene cierto aviso que darle.
Mas Festo, queriendo congraciarse con los Judíos, respondiendo á Pablo, dijo: ¿Quieres subir á Jerusalem, y allá ser juzgado de estas cosas delante de mí?
Y como los bárbaros vieron la víbora colgando de su mano, decían los unos á los otros: Ciertamente este hombre es homicida, á quien, escapado de la mar, la justicia no deja vivir.
De allí, costeando alrededor, vinimos á Regio; y otro día después, soplando el austro, vinimos al segundo día á Puteolos:
De donde, oyendo de nosotros los hermanos, nos salieron á recibir hasta la plaza de Appio, y Las Tres Tabernas: á los cuales como Pablo vió, dió gracias á Dios, y tomó aliento.
Diciéndose ser sabios, se hicieron fatuos,
Y trocaron la gloria del Dios incorruptible en semejanza de imagen de hombre corruptible, y de aves, y de animales de cuatro pies, y de serpientes.
Y del mismo modo también los hombres, dejando el uso natural de las mujeres, se encendieron en sus concupiscencias los unos con los otros, cometiendo cosas nefandas hombres con hombres, y recibiendo en sí mismos la recompensa que convino á su extravío.
Plenamente convencido de que todo lo que había prometido, era también poderoso para hacerlo.
Ni tampoco presentéis vuestros miembros al pecado por instrumentos de iniquidad; antes presentaos á Dios como vivos de los muertos, y vuestros miembros á Dios por instrumentos de justicia.
Así que, los que están en la carne no pueden agradar á Dios.
Y á los que predestinó, á éstos también llamó; y á los que llamó, á éstos también justificó; y á los que justificó, á éstos también glorificó.
(Porque no siendo aún nacidos, ni habiendo hecho aún ni bien ni mal, para que el propósito de Dios conforme á la elección, no por las obras sino por el que llama, permaneciese;)
Luego la fe es por el oir; y el oir por la palabra de Dios.
Por lo cual es necesario que le estéis sujetos, no solamente por la ira, mas aun por la conciencia.
Porque: No adulterarás; no matarás; no hurtarás; no dirás falso testimonio; no codiciarás; y si hay algún otro mandamiento, en esta sentencia se comprende sumariamente: Amarás á tu prójimo como á ti mismo.
Mas os he escrito, hermanos, en parte resueltamente, como amonestándoos por la gracia que de Dios me es dada,
(Que pusieron sus cuellos por mi vida: á los cuales no doy gracias yo solo, mas aun todas las iglesias de los Gentiles;)
Así como el testimonio de Cristo ha sido confirmado en vosotros:
Así que, ni el que planta es algo, ni el que riega; sino Dios, que da el crecimiento.
Porque el reino de Dios no consiste en palabras, sino en virtud.
Si á los otros no soy apóstol, á vosotros ciertamente lo soy: porque el sello de mi apostolado sois vosotros en el Señor.
SI yo hablase lenguas humanas y angélicas, y no tengo caridad, vengo á ser como metal que resuena, ó címbalo que retiñe.
Mas si todos profetizan, y entra algún infiel ó indocto, de todos es convencido, de todos es juzgado;
Todas vuestras cosas sean hechas con caridad.
Porque recrearon mi espíritu y el vuestro: reconoced pues á los tales.
Estando atribulados en todo, mas no angustiados; en apuros, mas no desesperamos;
Como ignorados, mas conocidos; como muriendo, mas he aquí vivimos; como castigados, mas no muertos;
Que por la experiencia de esta suministración glorifican á Dios por la obediencia que profesáis al evangelio de Cristo, y por la bondad de contribuir para ellos y para todos;
Porque á la verdad, dicen, las cartas son graves y fuertes; mas la presencia corporal flaca, y la palabra menospreciable.
Porque éstos son falsos apóstoles, obreros fraudulentos, transfigurándose en apóstoles de Cristo.
¿Son Hebreos? yo también. ¿Son Israelitas? yo también. ¿Son simiente de Abraham? también yo.
El Dios y Padre del Señor nuestro Jesucristo, que es bendito por siglos, sabe que no miento.
Porque ya habéis oído acerca de mi conducta otro tiempo en el Judaismo, que perseguía sobremanera la iglesia de Dios, y la destruía;
Después, pasados tres años, fuí á Jerusalem á ver á Pedro, y estuve con él quince días.
Mas á ningún otro de los apóstoles vi, sino á Jacobo el hermano del Señor.
Sabiendo que el hombre no es justificado por las obras de la ley, sino por la fe de Jesucristo, nosotros también hemos creído en Jesucristo, para que fuésemos justificados por la fe de Cristo, y no por las obras de la ley; por cuanto por las obras de la ley ninguna carne será justificada.
Porque si la herencia es por la ley, ya no es por la promesa: empero Dios por la promesa hizo la donación á Abraham.
Por esta causa doblo mis rodillas al Padre de nuestro Señor Jesucristo,
Un Dios y Padre de todos, el cual es sobre todas las cosas, y por todas las cosas, y en todos vosotros.
(Y que subió, ¿qué es, sino que también había descendido primero á las partes más bajas de la tierra?
Para perfección de los santos, para la obra del ministerio, para edificación del cuerpo de Cristo;
Para presentársela gloriosa para sí, una iglesia que no tuviese mancha ni arruga, ni cosa semejante; sino que fuese santa y sin mancha.
Sobre todo, tomando el escudo de la fe, con que podáis apagar todos los dardos de fuego del maligno.
Para que crezca vuestra gloria de mí en Cristo Jesús por mi venida otra vez á vosotros.
Porque tenía gran deseo de ver á todos vosotros, y gravemente se angustió porque habíais oído que había enfermado.
Si en alguna manera llegase á la resurrección de los muertos.
En el cual tenemos redención por su sangre, la remisión de pecados:
Por cuanto agradó al Padre que en él habitase toda plenitud,
Porque aunque estoy ausente con el cuerpo, no obstante con el espíritu estoy con vosotros, gozándome y mirando vuestro concierto, y la firmeza de vuestra fe en Cristo.
Porque ellos cuentan de nosotros cuál entrada tuvimos á vosotros; y cómo os convertisteis de los ídolos á Dios, para servir al Dios vivo y verdadero,
Orad sin cesar.
Mas nosotros debemos dar siempre gracias á Dios por vosotros, hermanos amados del Señor, de que Dios os haya escogido desde el principio para salud, por la santificación del Espíritu y fe de la verdad:
POR tanto, hermanos santos, participantes de la vocación celestial, considerad al Apóstol y Pontífice de nuestra profesión, Cristo Jesús;
Mas la vianda firme es para los perfectos, para los que por la costumbre tienen los sentidos ejercitados en el discernimiento del bien y del mal.
Porque notorio es que el Señor nuestro nació de la tribu de Judá, sobre cuya tribu nada habló Moisés tocante al sacerdocio.
Diciendo: Esta es la sangre del testamento que Dios os ha mandado.
Y atestíguanos lo mismo el Espíritu Santo; que después que dijo:
Porque por ella alcanzaron testimonio los antiguos.
Por otra parte, tuvimos por castigadores á los padres de nuestra carne, y los reverenciábamos, ¿por qué no obedeceremos mucho mejor al Padre de los espíritus, y viviremos?
Y tan terrible cosa era lo que se veía, que Moisés dijo: Estoy asombrado y temblando.
¿No ves que la fe obró con sus obras, y que la fe fué perfecta por las obras?
¿Echa alguna fuente por una misma abertura agua dulce y amarga?
Y la oración de fe salvará al enfermo, y el Señor lo levantará; y si estuviere en pecados, le serán perdonados.
Vosotros, que en el tiempo pasado no erais pueblo, mas ahora sois pueblo de Dios; que en el tiempo pasado no habíais alcanzado misericordia, mas ahora habéis alcanzado misericordia.
Igualmente, mancebos, sed sujetos á los ancianos; y todos sumisos unos á otros, revestíos de humildad; porque Dios resiste á los soberbios, y da gracia á los humildes.
Y principalmente á aquellos que, siguiendo la carne, andan en concupiscencia é inmundicia, y desprecian la potestad; atrevidos, contumaces, que no temen decir mal de las potestades superiores:
Mas, oh amados, no ignoréis esta una cosa: que un día delante del Señor es como mil años y mil años como un día.
Hijitos, ya es el último tiempo: y como vosotros habéis oído que el anticristo ha de venir, así también al presente han comenzado á ser muchos anticristos; por lo cual sabemos que es el último tiempo.
En esto conoced el Espíritu de Dios: todo espíritu que confiesa que Jesucristo es venido en carne es de Dios:
Estas cosas he escrito á vosotros que creéis en el nombre del Hijo de Dios, para que sepáis que tenéis vida eterna, y para que creáis en el nombre del Hijo de Dios.
Y delante del trono había como un mar de vidrio semejante al cristal; y en medio del trono, y alrededor del trono, cuatro animales llenos de ojos delante y detrás.
Y miré, y he aquí un caballo amarillo: y el que estaba sentado sobre él tenía por nombre Muerte; y el infierno le seguía: y le fué dada potestad sobre la cuarta parte de la tierra, para matar con espada, con hambre, con mortandad, y con las bestias de la tierra.
Y fueron desatados los cuatro ángeles que estaban aparejados para la hora y día y mes y año, para matar la tercera parte de los hombres.
Y cantan el cántico de Moisés siervo de Dios, y el cántico del Cordero, diciendo: Grandes y maravillosas son tus obras, Señor Dios Todopoderoso; justos y verdaderos son tus caminos, Rey de los santos.
Y los ejércitos que están en el cielo le seguían en caballos blancos, vestidos de lino finísimo, blanco y limpio.
Y de su boca sale una espada aguda, para herir con ella las gentes: y él los regirá con vara de hierro; y él pisa el lagar del vino del furor, y de la ira del Dios Todopoderoso.
Y el muro de la ciudad tenía doce fundamentos, y en ellos los doce nombres de los doce apóstoles del Cordero.
Y el Espíritu y la Esposa dicen: Ven. Y el que oye, diga: Ven. Y el que tiene sed, venga: y el que quiere, tome del agua de la vida de balde.
