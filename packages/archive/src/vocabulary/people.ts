/** Surnames of the author pool ('Smith, J.A.' style names are built from these and initials). */
export const SURNAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor',
  'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill', 'Green', 'Adams', 'Baker',
  'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards',
  'Collins', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed',
  'Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou',
  'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Guo', 'He', 'Lin', 'Luo', 'Gao',
  'Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim',
  'Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato',
  'Yoshida', 'Yamada', 'Sasaki', 'Inoue', 'Kimura', 'Nguyen', 'Tran', 'Pham', 'Le', 'Hoang',
  'Kumar', 'Singh', 'Sharma', 'Patel', 'Gupta', 'Rao', 'Reddy', 'Das', 'Iyer', 'Nair',
  'Muller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Koch', 'Richter', 'Klein', 'Wolf', 'Neumann', 'Schwarz', 'Braun', 'Zimmermann', 'Kruger', 'Hartmann',
  'Dubois', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Lefebvre', 'Leroy', 'Roux', 'David', 'Bertrand',
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
  'Garcia', 'Martinez', 'Rodriguez', 'Lopez', 'Hernandez', 'Gonzalez', 'Perez', 'Sanchez', 'Ramirez', 'Torres',
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Costa', 'Pereira', 'Almeida', 'Ferreira', 'Carvalho', 'Gomes',
  'Ivanov', 'Petrov', 'Smirnov', 'Volkov', 'Popov', 'Kowalski', 'Nowak', 'Novak', 'Horvath', 'Varga',
  'Johansson', 'Andersson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsen', 'Nielsen', 'Hansen', 'Jensen', 'Pedersen',
  'Cohen', 'Levy', 'Katz', 'Friedman', 'Shapiro', 'Murray', 'Kelly', 'Ryan', 'Byrne', 'Walsh',
  'Van der Berg', 'De Jong', 'Bakker', 'Visser', 'Jansen', 'Mertens', 'Peeters', 'Maes', 'Jacobs', 'Willems',
  'Ozturk', 'Yilmaz', 'Demir', 'Sahin', 'Celik', 'Hosseini', 'Ahmadi', 'Rahman', 'Hassan', 'Ali',
];

export const INITIALS = 'ABCDEFGHIJKLMNOPRSTVWY';
