; Inno Setup 6 script: the Windows installer around the one-file dist\carioca.exe.
; Build (the release workflow does): iscc /DAppVersion=0.1.0 packaging\windows\carioca.iss
; It writes dist\carioca-<version>-setup.exe. Installs per user (no administrator needed;
; the installer offers all users when run as one), with a Start-menu entry, an optional
; desktop icon and an uninstaller listed in Settings > Apps. The game keeps its settings and
; saves in the user's folders: the uninstaller leaves them, as Windows players expect.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "Carioca"
#define AppExe "carioca.exe"

[Setup]
; The AppId ties upgrades and the uninstaller together: never change it.
AppId={{A74ACD3A-8B78-45B3-9EE1-B00E44FCC4D1}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Carioca developers
VersionInfoVersion={#AppVersion}
VersionInfoProductName={#AppName}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile=..\..\assets\icons\carioca.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
OutputDir=..\..\dist
OutputBaseFilename=carioca-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
; The game's languages that Inno Setup ships (Swedish is not among them: English is used).
Name: "spanish"; MessagesFile: "compiler:Languages\Spanish.isl"
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "french"; MessagesFile: "compiler:Languages\French.isl"
Name: "brazilianportuguese"; MessagesFile: "compiler:Languages\BrazilianPortuguese.isl"
Name: "italian"; MessagesFile: "compiler:Languages\Italian.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\{#AppExe}"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
